import { describe, expect, it } from 'vitest';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkAnswers, writeAnswers } from './answer-writer.mjs';
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

/** Every answer file's name and text. */
const folderBytes = (out: string) => Object.fromEntries(readdirSync(join(out, QUERY)).sort().map((n) => [n, readFileSync(join(out, QUERY, n), 'utf8')]));

describe('the static API answer writer', () => {
  it('renames what says the same, writes what changed, removes the rest', () => {
    const out = lastBuild();
    expect(writeAnswers(out, [...answers])).toEqual({ written: 2, renamed: 1 });
    expectThisBuild(out);
    rmSync(out, { recursive: true });
  });

  it('gives the same folder when the answers were linked under the new integrity first, and never writes through a link', () => {
    const out = lastBuild();
    // Another name of the last build's bbb (a reader's open file, a host's copy): it must keep what it said.
    const elsewhere = join(scratchDir('nucleus-answers-held-'), 'bbb.json');
    linkSync(join(out, QUERY, 'bbb.old.json'), elsewhere);
    const early = linkAnswers(out, 'new');
    expect([...early.keys()].sort()).toEqual([`${QUERY}/aaa.new.json`, `${QUERY}/bbb.new.json`, `${QUERY}/ccc.new.json`]);
    expect(early.get(`${QUERY}/bbb.new.json`)).toBe('{"was":1}');
    // The last build's names are still served until the answers are written.
    expect(readFileSync(join(out, QUERY, 'bbb.old.json'), 'utf8')).toBe('{"was":1}');
    expect(writeAnswers(out, [...answers], early)).toEqual({ written: 2, renamed: 1 });
    expectThisBuild(out);
    expect(readFileSync(elsewhere, 'utf8')).toBe('{"was":1}');
    rmSync(out, { recursive: true });
  });

  it('does both on a worker thread, and can be stopped before the answers come', async () => {
    const out = lastBuild();
    const writer = startAnswerWriter(out, 'new');
    expect(await writer.write(answers)).toEqual({ written: 2, renamed: 1 });
    expectThisBuild(out);
    rmSync(out, { recursive: true });

    // Stopped (a check failed before the build wrote anything): the folder is the last build's again, to the byte.
    const stopped = lastBuild();
    const before = folderBytes(stopped);
    await startAnswerWriter(stopped, 'new').stop();
    expect(folderBytes(stopped)).toEqual(before);
    rmSync(stopped, { recursive: true });
  });
});
