import { describe, it, expect } from 'vitest';
import { judgeLinkTarget, linkTargetProblem } from './linkTargets';

const kindOf = (t: string) => {
  const v = judgeLinkTarget(t);
  return v.ok ? v.kind : 'refused';
};

describe('link targets content may use', () => {
  it.each([
    ['/rules/combat', 'site'],
    ['/rules/combat#attacks', 'site'],
    ['combat', 'site'],
    ['../guide/ships', 'site'],
    ['./weapons?sort=rank', 'site'],
    ['#attacks', 'site'],
    ['?q=a:b', 'site'],
    ['', 'site'],
    ['/files/caf%C3%A9%20menu.pdf', 'site'],
    ['/a%3Ab', 'site'],
    ['/search?q=1&b=2', 'site'],
    ['https://example.org', 'web'],
    ['HTTPS://Example.org/a?b=c#d', 'web'],
    ['http://example.org:8080/x', 'web'],
    ['mailto:gm@example.org', 'mail'],
    ['MAILTO:gm@example.org?subject=Session', 'mail'],
  ])('allows %j (%s)', (target, kind) => {
    expect(kindOf(target)).toBe(kind);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    'java\u200bscript:alert(1)',
    '\ufeffjavascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#106avascript:alert(1)',
    'javascript&colon;alert(1)',
    '%6Aavascript:alert(1)',
    'javascript%3Aalert(1)',
    '%256Aavascript%253Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/x',
    'x:y',
    '//elsewhere.example/x',
    '/\\elsewhere.example/x',
    '\\\\elsewhere.example/x',
    '/%2F/elsewhere.example/x',
    '%2F%2Felsewhere.example/x',
    'https:elsewhere.example',
    'https:///x',
    'mailto:',
    '/rules/my page',
  ])('refuses %j', (target) => {
    expect(kindOf(target)).toBe('refused');
  });

  it('says what is wrong and what to write instead, showing invisible characters', () => {
    expect(linkTargetProblem('java\tscript:alert(1)')).toBe(
      "'java\\tscript:alert(1)' is not a link target content may use: it contains a tab, which browsers drop or misread in a URL; write a space as %20 (use a site path (/rules/combat), an http: or https: URL, or mailto:)",
    );
    expect(linkTargetProblem('javascript:alert(1)')).toMatch(/the scheme 'javascript:' is not allowed/);
    expect(linkTargetProblem('//elsewhere.example/x')).toMatch(/leads to another host; write the full https:\/\/ URL/);
    expect(linkTargetProblem('&#106;avascript:alert(1)')).toMatch(/HTML character reference/);
    expect(linkTargetProblem('javascript%3Aalert(1)')).toMatch(/percent-encoding hides a scheme or a host \(it decodes to 'javascript:alert\(1\)'\)/);
    expect(linkTargetProblem('/rules')).toBeNull();
  });

  it('shortens a long target in the message', () => {
    const message = linkTargetProblem(`javascript:${'a'.repeat(500)}`)!;
    expect(message.length).toBeLessThan(300);
    expect(message).toContain('…');
  });
});
