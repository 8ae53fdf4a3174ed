import { describe, it, expect } from 'vitest';
import { renderBody } from './render';
import type { Body, BodyElement } from './types';

const link = (href: string): BodyElement => ({ type: 'element', tag: 'a', props: { href }, children: [{ type: 'text', value: 'x' }] });
const image = (src: string): BodyElement => ({ type: 'element', tag: 'img', props: { src, alt: '' }, children: [] });
const body = (...children: BodyElement[]): Body => ({ type: 'root', children, toc: [] });

describe('rendering link targets', () => {
  it('renders a target content may not use as "#", from whatever record it came', () => {
    const html = renderBody(
      body(link('java\tscript:alert(1)'), link('//elsewhere.example/x'), link('/\\elsewhere.example/x'), link('JAVASCRIPT:alert(1)'), image('data:image/svg+xml;base64,PHN2Zz4=')),
      { base: '/guide/' },
    );
    expect(html).toBe('<a href="#">x</a><a href="#">x</a><a href="#">x</a><a href="#">x</a><img src="#" alt="">');
  });

  it('keeps site paths under the base, and web and mail links as written', () => {
    const html = renderBody(body(link('/rules#attacks'), link('https://example.org/a?b=1&c=2'), link('mailto:gm@example.org'), image('/images/ship.png')), { base: '/guide/' });
    expect(html).toBe(
      '<a href="/guide/rules#attacks">x</a><a href="https://example.org/a?b=1&amp;c=2" rel="noopener">x</a><a href="mailto:gm@example.org">x</a><img src="/guide/images/ship.png" alt="">',
    );
  });
});
