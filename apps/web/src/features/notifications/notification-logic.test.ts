import { describe, expect, it } from 'vitest';
import { linkTarget } from './notification-logic.ts';

describe('linkTarget', () => {
  const origin = 'https://app.example.com';
  it('opens paths and addresses of this app with the router', () => {
    expect(linkTarget('/appuser/Diary', origin)).toEqual({ internal: true, path: '/appuser/Diary' });
    expect(linkTarget('https://app.example.com/appuser/aktJourneys?x=1', origin)).toEqual({
      internal: true,
      path: '/appuser/aktJourneys?x=1',
    });
  });
  it('opens other sites in a new tab', () => {
    expect(linkTarget('https://example.org/info', origin)).toEqual({
      internal: false,
      href: 'https://example.org/info',
    });
    expect(linkTarget('//example.org/x', origin)).toEqual({ internal: false, href: 'https://example.org/x' });
    expect(linkTarget('www.example.org', origin)).toEqual({ internal: false, href: 'https://www.example.org/' });
  });
});
