import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renameAnswers, writeAnswers } from './answer-writer.mjs';
import { startAnswerWriter } from './output';
import { scratchDir } from '../content/testing';

const QUERY = 'api/content/query';

/** An output folder holding the last build's answers (integrity `old`). */
function lastBuild(): string {
  const out = scratchDir('nucleus-answers-');
  mkdirSync(join(out, QUERY), { recursive: true });
  const put = (name: string, text: string) => writeFileSync(join(out, QUERY, name), text);
  put('aaa.old.json', '{"same":1}');
  put('aaa.old.json.br', 'compressed');
  put('bbb.old.json', '{"was":1}');
  put('ccc.old.json', '{"gone":1}');
  return out;
}

// This build's answers: aaa says the same, bbb changed, ddd is new, ccc is no more.
const answers = new Map([
  [`/${QUERY}/aaa.new.json`, '{"same":1}'],
  [`/${QUERY}/bbb.new.json`, '{"now":2}'],
  [`/${QUERY}/ddd.new.json`, '{"new":3}'],
]);

function expectThisBuild(out: string): void {
  expect(readdirSync(join(out, QUERY)).sort()).toEqual(['aaa.new.json', 'bbb.new.json', 'ddd.new.json']);
  for (const [path, text] of answers) expect(readFileSync(join(out, path), 'utf8')).toBe(text);
}

describe('the static API answer writer', () => {
  it('renames what says the same, writes what changed, removes the rest', () => {
    const out = lastBuild();
    expect(writeAnswers(out, [...answers])).toEqual({ written: 2, renamed: 1 });
    expectThisBuild(out);
    rmSync(out, { recursive: true });
  });

  it('gives the same folder when the answers were renamed to the new integrity first', () => {
    const out = lastBuild();
    const early = renameAnswers(out, 'new');
    expect([...early.keys()].sort()).toEqual([`${QUERY}/aaa.new.json`, `${QUERY}/bbb.new.json`, `${QUERY}/ccc.new.json`]);
    expect(early.get(`${QUERY}/bbb.new.json`)).toBe('{"was":1}');
    expect(writeAnswers(out, [...answers], early)).toEqual({ written: 2, renamed: 1 });
    expectThisBuild(out);
    rmSync(out, { recursive: true });
  });

  it('does both on a worker thread, and can be stopped before the answers come', async () => {
    const out = lastBuild();
    const writer = startAnswerWriter(out, 'new');
    expect(await writer.write(answers)).toEqual({ written: 2, renamed: 1 });
    expectThisBuild(out);
    rmSync(out, { recursive: true });

    const stopped = lastBuild();
    await startAnswerWriter(stopped, 'new').stop();
    // Renamed, nothing written or removed: the next build compares every file.
    expect(readdirSync(join(stopped, QUERY)).sort()).toEqual(['aaa.new.json', 'aaa.old.json.br', 'bbb.new.json', 'ccc.new.json']);
    rmSync(stopped, { recursive: true });
  });
});
