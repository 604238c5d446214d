import { describe, expect, it } from 'vitest';
import { keyBytes, pushState, sameKey } from './push-subscription.ts';

describe('push subscription', () => {
  it('turns the base64url VAPID key into the bytes pushManager.subscribe wants', () => {
    // 0xfb 0xff 0xfe: "+//+" in base64, "-__-" in base64url (no padding)
    expect([...keyBytes('-__-')]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...keyBytes('AQ')]).toEqual([1]);
    expect(keyBytes('BAAA').length).toBe(3);
  });

  it('tells a subscription made with another key (the keys were changed) from one made with the server’s', () => {
    const key = keyBytes('BAECAwQ');
    expect(sameKey(new Uint8Array([4, 1, 2, 3, 4]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([4, 1, 2, 3, 5]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([4, 1, 2, 3]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });

  it('says when the browser cannot receive pushes', () => {
    if (!('PushManager' in window)) expect(pushState()).toBe('unsupported');
  });
});
