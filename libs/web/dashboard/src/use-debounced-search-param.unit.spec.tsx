/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useDebouncedSearchParam } from './use-debounced-search-param';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

/** The hook over an address value the test controls; `write` records what the hook puts into the address. */
function setup(initial: string) {
  const write = jest.fn((_: string) => undefined);
  const hook = renderHook(({ current }: { current: string }) => useDebouncedSearchParam(current, write, 300), { initialProps: { current: initial } });
  return { write, hook };
}

describe('useDebouncedSearchParam', () => {
  it('shows what is typed at once, and writes it into the address once typing pauses: one write, not one per key', () => {
    const { write, hook } = setup('');
    act(() => hook.result.current[1]('tha'));
    act(() => jest.advanceTimersByTime(200));
    act(() => hook.result.current[1]('thandi'));
    expect(hook.result.current[0]).toBe('thandi');
    act(() => jest.advanceTimersByTime(299));
    expect(write).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(write.mock.calls).toEqual([['thandi']]);
  });

  it("takes another change of the address's value (a link, Back) instead of overwriting it, and keeps its own writes", () => {
    const { write, hook } = setup('farai');
    act(() => hook.result.current[1]('far'));
    act(() => jest.advanceTimersByTime(300));
    hook.rerender({ current: 'far' });
    expect(hook.result.current[0]).toBe('far');
    hook.rerender({ current: 'lindiwe' });
    expect(hook.result.current[0]).toBe('lindiwe');
    act(() => jest.advanceTimersByTime(1_000));
    expect(write.mock.calls).toEqual([['far']]);
  });
});
