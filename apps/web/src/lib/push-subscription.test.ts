import { describe, expect, it } from 'vitest';
import { keyBytes, pushState } from './push-subscription.ts';

describe('push subscription', () => {
  it('turns the base64url VAPID key into the bytes pushManager.subscribe wants', () => {
    // 0xfb 0xff 0xfe: "+//+" in base64, "-__-" in base64url (no padding)
    expect([...keyBytes('-__-')]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...keyBytes('AQ')]).toEqual([1]);
    expect(keyBytes('BAAA').length).toBe(3);
  });

  it('says when the browser cannot receive pushes', () => {
    if (!('PushManager' in window)) expect(pushState()).toBe('unsupported');
  });
});
