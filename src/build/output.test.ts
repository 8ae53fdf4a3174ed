import { describe, it, expect } from 'vitest';
import { linkSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAll, writeChanged } from './output';
import { scratchDir } from '../content/testing';

/** Text of `n` characters, block after block of one letter each. */
const blocks = (...letters: string[]) => letters.map((l) => l.repeat(4096)).join('');

describe('writing the output over the last build (writeChanged, writeAll)', () => {
  it('makes each file hold exactly the new bytes, whether it is new, as long, longer or shorter', () => {
    const out = scratchDir('nucleus-write-');
    writeAll(out, [['search/site/a.json', blocks('a', 'b', 'c') + 'tail']]);
    expect(readFileSync(join(out, 'search/site/a.json'), 'utf8')).toBe(blocks('a', 'b', 'c') + 'tail');
    for (const next of [blocks('a', 'x', 'c') + 'tail', blocks('a', 'x', 'c') + 'tail!', 'short', '', blocks('z') + 'é']) {
      writeAll(out, [['search/site/a.json', next]]);
      expect(readFileSync(join(out, 'search/site/a.json'), 'utf8')).toBe(next);
    }
  });

  it('leaves a file that already holds the bytes untouched (its time too), and changes one whose middle block differs', () => {
    const file = join(scratchDir('nucleus-write-'), 'texts-0.json');
    writeFileSync(file, blocks('a', 'b', 'c'));
    const then = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, then, then);
    writeChanged(file, Buffer.from(blocks('a', 'b', 'c')));
    expect(statSync(file).mtimeMs).toBe(then.getTime());
    writeChanged(file, Buffer.from(blocks('a', 'B', 'c')));
    expect(readFileSync(file, 'utf8')).toBe(blocks('a', 'B', 'c'));
    expect(statSync(file).mtimeMs).not.toBe(then.getTime());
  });

  it('replaces a file that has another name (a hard link) instead of changing what the other name holds', () => {
    const dir = scratchDir('nucleus-write-');
    writeFileSync(join(dir, 'kept.json'), blocks('a', 'b'));
    linkSync(join(dir, 'kept.json'), join(dir, 'out.json'));
    writeChanged(join(dir, 'out.json'), Buffer.from(blocks('a', 'x')));
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe(blocks('a', 'x'));
    expect(readFileSync(join(dir, 'kept.json'), 'utf8')).toBe(blocks('a', 'b'));
  });
});
