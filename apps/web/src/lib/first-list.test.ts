import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE } from './auth-token.ts';
import { dropFirstList, rememberFirstList, startFirstList, takeFirstList } from './first-list.ts';

const token = (sub: string) => `e30.${btoa(JSON.stringify({ sub, exp: 4_000_000_000 })).replace(/=+$/, '')}.sig`;
const logIn = (sub: string) => {
  document.cookie = `${AUTH_COOKIE}=${token(sub)}; path=/`;
};
const LIST = '/customers?%24limit=20&%24skip=0&%24sort%5Bname%5D=1';

/** A page load of `address`: the early request goes out through `send`. */
function load(address: string) {
  window.history.replaceState(null, '', address);
  const send = vi.fn((path: string) => Promise.resolve(new Response(path)));
  startFirstList(send);
  return send;
}

beforeEach(() => {
  localStorage.clear();
  dropFirstList();
  logIn('7');
});
afterEach(() => vi.useRealTimers());

describe('the first list of a page load', () => {
  it('is sent at start-up the next time the same user opens the same address, and handed out once', async () => {
    expect(load('/customers')).not.toHaveBeenCalled();
    rememberFirstList(LIST);

    const send = load('/customers');
    expect(send).toHaveBeenCalledWith(LIST);
    await expect(takeFirstList(LIST)?.then((response) => response.text())).resolves.toBe(LIST);
    expect(takeFirstList(LIST)).toBeNull();
  });

  it('is not sent for another address or another user', () => {
    load('/customers');
    rememberFirstList(LIST);
    expect(load('/users')).not.toHaveBeenCalled();
    logIn('8');
    expect(load('/customers')).not.toHaveBeenCalled();
  });

  it('remembers only the first list of the page as it was opened', () => {
    load('/customers');
    rememberFirstList(LIST);
    rememberFirstList('/customers?%24limit=20&%24skip=20');
    expect(load('/customers')).toHaveBeenCalledWith(LIST);

    dropFirstList();
    load('/customers');
    window.history.replaceState(null, '', '/users');
    rememberFirstList('/users?%24limit=20&%24skip=0');
    expect(load('/users')).not.toHaveBeenCalled();
  });

  it('is handed out only for its own request, never after a change or when it is old', () => {
    load('/customers');
    rememberFirstList(LIST);

    load('/customers');
    expect(takeFirstList('/customers?%24limit=50&%24skip=0')).toBeNull();
    expect(takeFirstList(LIST)).not.toBeNull();

    load('/customers');
    dropFirstList();
    expect(takeFirstList(LIST)).toBeNull();

    vi.useFakeTimers();
    load('/customers');
    vi.advanceTimersByTime(11_000);
    expect(takeFirstList(LIST)).toBeNull();
  });
});
