/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EntityFormDialog } from './form-dialog';

afterEach(cleanup);

/** A dialog whose form has a Saved button that closes it, as a form does after it saved. */
const dialog = (editing?: string) => (
  <EntityFormDialog noun="Program" editing={editing} description="Every program runs for 20 weeks.">
    {(close) => <button onClick={close}>Saved</button>}
  </EntityFormDialog>
);

describe('EntityFormDialog', () => {
  it('adds: "Add <noun>" opens the dialog of that title, and the form mounts only while it is open', () => {
    render(dialog());
    expect(screen.queryByRole('button', { name: 'Saved' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    expect(screen.getByRole('dialog', { name: 'Add Program' }).textContent).toContain('Every program runs for 20 weeks.');
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits: the row\'s Edit button is named for the entity, and opens "Edit <noun>"', () => {
    render(dialog('Web Development'));
    const edit = screen.getByRole('button', { name: 'Edit Web Development' });
    expect(edit.textContent).toBe('Edit');
    fireEvent.click(edit);
    expect(screen.getByRole('dialog', { name: 'Edit Program' })).toBeTruthy();
  });
});
