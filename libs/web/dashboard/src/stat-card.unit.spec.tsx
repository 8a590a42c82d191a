import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { NOT_YET, StatCard } from './stat-card';

describe('StatCard', () => {
  it('is a group named by its title, with the figure and its caption', () => {
    const html = renderToStaticMarkup(<StatCard title="Total Users" value={7} caption="2 admins" />);
    expect(html).toMatch(/role="group" aria-labelledby="stat-total-users"/);
    expect(html).toMatch(/id="stat-total-users"[^>]*>Total Users</);
    expect(html).toMatch(/data-testid="stat-total-users-value">7</);
    expect(html).toContain('2 admins');
  });

  it('shows "…" while loading and the dash for a figure that does not exist yet', () => {
    expect(renderToStaticMarkup(<StatCard title="Total Users" value={7} loading />)).toMatch(/aria-busy="true".*>…</);
    expect(renderToStaticMarkup(<StatCard title="Active Programs" value={NOT_YET} />)).toMatch(/>—</);
  });
});
