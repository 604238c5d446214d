import { act, cleanup, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginErrorKey, useLoginSubmit, type LoginCredentials, type LoginOutcome } from './login-submit.ts';

afterEach(cleanup);

const formEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

function renderLogin(login: (credentials: LoginCredentials) => Promise<LoginOutcome>) {
  const { result } = renderHook(() => useLoginSubmit(login));
  const fill = (email: string, password: string) =>
    act(() => {
      result.current.setEmail(email);
      result.current.setPassword(password);
    });
  return { result, fill };
}

describe('useLoginSubmit', () => {
  it('asks for both fields before sending anything', async () => {
    const login = vi.fn(() => Promise.resolve<LoginOutcome>('left'));
    const { result, fill } = renderLogin(login);
    await fill('office@example.com', '');
    const event = formEvent();
    await act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
    expect(result.current.error).toBe('error.empty');
  });

  it('sends the trimmed e-mail and stays busy while the page leaves', async () => {
    const login = vi.fn(() => Promise.resolve<LoginOutcome>('left'));
    const { result, fill } = renderLogin(login);
    await fill('  office@example.com ', 'secret');
    await act(() => result.current.submit(formEvent()));
    expect(login).toHaveBeenCalledWith({ email: 'office@example.com', password: 'secret' });
    expect(result.current.busy).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('is usable again when the user has to choose an account, and sends the chosen kind', async () => {
    const login = vi.fn((credentials: LoginCredentials) =>
      Promise.resolve<LoginOutcome>(credentials.kind ? 'left' : 'choose'),
    );
    const { result, fill } = renderLogin(login);
    await fill('both@example.com', 'secret');
    await act(() => result.current.submit(formEvent()));
    expect(result.current.busy).toBe(false);
    await act(() => result.current.loginAs('app'));
    expect(login).toHaveBeenLastCalledWith({ email: 'both@example.com', password: 'secret', kind: 'app' });
  });

  it("shows the server's message key, and 'login failed' for anything else", async () => {
    const login = vi.fn(() => Promise.reject(new Error('error.accountDisabled')));
    const { result, fill } = renderLogin(login);
    await fill('office@example.com', 'wrong');
    await act(() => result.current.submit(formEvent()));
    expect(result.current.error).toBe('error.accountDisabled');
    expect(result.current.busy).toBe(false);
    expect(loginErrorKey(new TypeError('Failed to fetch'))).toBe('error.loginFailed');
    expect(loginErrorKey('nonsense')).toBe('error.loginFailed');
  });
});
