import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, FormSelectField } from './form-field';

const registration = (name: string): UseFormRegisterReturn => ({ name, onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined });
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

describe('FormField', () => {
  it('ties the label to the input, and the input to its message and hint when there are some', () => {
    const html = renderToStaticMarkup(<FormField label="Email" type="email" registration={registration('email')} error={{ message: 'Enter a valid email address' }} hint="We never share it" />);
    const input = /<input[^>]*>/.exec(html)![0];
    const id = attr(input, 'id')!;
    expect(html).toContain(`for="${id}"`);
    expect(attr(input, 'name')).toBe('email');
    expect(attr(input, 'aria-invalid')).toBe('true');
    expect(attr(input, 'aria-describedby')).toBe(`${id}-error ${id}-hint`);
    expect(html).toContain(`<p id="${id}-error" class="text-sm text-destructive">Enter a valid email address</p>`);
    expect(html).toContain('We never share it');
  });

  it('has no invalid state and no description without a message', () => {
    const input = /<input[^>]*>/.exec(renderToStaticMarkup(<FormField label="Full Name" registration={registration('fullName')} />))![0];
    expect(attr(input, 'aria-invalid')).toBeUndefined();
    expect(attr(input, 'aria-describedby')).toBeUndefined();
  });
});

describe('FormSelectField', () => {
  it('is a labelled native select with its options and message', () => {
    const html = renderToStaticMarkup(
      <FormSelectField label="Role" registration={registration('role')} error={{ message: 'Choose a role' }} options={[{ value: 'student', label: 'Student' }, { value: 'teacher', label: 'Teacher' }]} />,
    );
    const select = /<select[^>]*>/.exec(html)![0];
    expect(html).toContain(`for="${attr(select, 'id')}"`);
    expect(attr(select, 'name')).toBe('role');
    expect(attr(select, 'aria-invalid')).toBe('true');
    expect([...html.matchAll(/<option value="([^"]+)">([^<]+)<\/option>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['student', 'Student'],
      ['teacher', 'Teacher'],
    ]);
    expect(html).toContain('Choose a role');
  });
});
