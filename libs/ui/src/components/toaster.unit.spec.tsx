/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster, toast } from './toaster';

/** A viewport of `width` px as far as matchMedia's max-width queries are concerned (jsdom has no layout). */
function viewport(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return { matches: max !== undefined && width <= Number(max), media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}

describe('Toaster', () => {
  afterEach(() => {
    act(() => void toast.dismiss());
    cleanup();
  });

  // Issue 28 §6a: on a phone a toast at the bottom covered the form's primary action and the next step.
  it.each([
    [375, 'top', 'center'],
    [767, 'top', 'center'],
    [768, 'bottom', 'right'],
    [1366, 'bottom', 'right'],
  ])('at %i px shows a toast at the %s %s', async (width, y, x) => {
    viewport(width);
    render(<Toaster />);
    act(() => void toast.success('Enrollment status updated'));
    const list = (await screen.findByText('Enrollment status updated')).closest('[data-sonner-toaster]') as HTMLElement;
    expect([list.dataset.yPosition, list.dataset.xPosition]).toEqual([y, x]);
  });

  it('keeps a top toast under the dashboards’ 3.5rem header, on phones and above 600 px alike', async () => {
    viewport(375);
    render(<Toaster />);
    act(() => void toast.success('Saved'));
    const list = (await screen.findByText('Saved')).closest('[data-sonner-toaster]') as HTMLElement;
    expect(list.style.getPropertyValue('--mobile-offset-top')).toBe('calc(3.5rem + 8px)');
    expect(list.style.getPropertyValue('--offset-top')).toBe('calc(3.5rem + 8px)');
  });
});
