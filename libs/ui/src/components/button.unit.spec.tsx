import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { SubmitButton } from './button';

describe('SubmitButton', () => {
  it('submits its form with its label, and is disabled saying the busy label while the form is busy', () => {
    expect(renderToStaticMarkup(<SubmitButton busy={false} busyLabel="Saving...">Save</SubmitButton>)).toMatch(/^<button data-slot="button" type="submit" class="[^"]+">Save<\/button>$/);
    expect(renderToStaticMarkup(<SubmitButton busy busyLabel="Saving...">Save</SubmitButton>)).toMatch(/^<button data-slot="button" type="submit" class="[^"]+" disabled="">Saving...<\/button>$/);
  });

  it('stays disabled when told so while not busy', () => {
    expect(renderToStaticMarkup(<SubmitButton busy={false} busyLabel="Saving..." disabled>Save</SubmitButton>)).toContain('disabled=""');
  });
});
