import { describe, expect, it } from '@jest/globals';
import { zodResolver } from '@hookform/resolvers/zod';
import { createUserRequestSchema, type CreateUserRequest } from '@academy/contracts';
import { ApiRequestError, applyServerFieldErrors } from '@academy/web-session';
import { renderPage } from '../testing';
import { CREATE_USER_DEFAULTS, CREATE_USER_ROLE_OPTIONS, CreateUserPage, STUDENT_ADMIN_ROLE_OPTIONS } from './create-user-form';

/** Label text → the control its `for` points at. */
const labelledControls = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map(([, id, text]) => {
      const control = new RegExp(`<(input|select)[^>]*id="${id.replace(/[:]/g, '\\$&')}"[^>]*>`).exec(html)?.[0];
      return [text, control];
    }),
  );

/** What the form's resolver puts under each field for `values` (as react-hook-form shows it). */
async function messagesFor(values: Partial<CreateUserRequest>) {
  const resolve = zodResolver(createUserRequestSchema);
  const result = await resolve({ ...CREATE_USER_DEFAULTS, ...values } as CreateUserRequest, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]));
}

describe('CreateUserPage', () => {
  it('has a title, and a label tied to every field: full name, email, phone (optional, with the spec placeholder) and role', () => {
    const html = renderPage(<CreateUserPage title="Create User" />);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Create User');
    const controls = labelledControls(html);
    expect(Object.keys(controls)).toEqual(['Full Name', 'Email', 'Phone', 'Role']);
    expect(controls['Email']).toContain('type="email"');
    expect(controls['Phone']).toContain('placeholder="+27 XX XXX XXXX"');
    expect(controls['Phone']).not.toContain('required');
    expect(controls['Role']).toMatch(/^<select/);
    expect(html).toContain('Optional');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Create Account<\/button>/);
  });

  it("offers student, teacher, student admin and auditor to an admin, never admin (spec §5, §6; issue 16)", () => {
    expect(CREATE_USER_ROLE_OPTIONS).toEqual([
      { value: 'student', label: 'Student' },
      { value: 'teacher', label: 'Teacher' },
      { value: 'student_admin', label: 'Student admin' },
      { value: 'auditor', label: 'Auditor' },
    ]);
    const html = renderPage(<CreateUserPage title="Create User" />);
    expect([...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(['student', 'teacher', 'student_admin', 'auditor']);
  });

  it("offers a student admin no auditor", () => {
    const html = renderPage(<CreateUserPage title="Create" roles={STUDENT_ADMIN_ROLE_OPTIONS} />);
    expect([...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(['student', 'teacher', 'student_admin']);
  });
});

describe('the Create User form logic', () => {
  it('checks the input with the API schema before sending: required name and email, email format, phone shape', async () => {
    expect(await messagesFor({})).toEqual({ fullName: 'Full name is required', email: 'Email is required' });
    expect(await messagesFor({ fullName: 'Ayanda Zulu', email: 'not-an-email', phone: 'call me' })).toEqual({
      email: 'Enter a valid email address',
      phone: 'Phone must be a phone number',
    });
    expect(await messagesFor({ fullName: 'Ayanda Zulu', email: 'ayanda@academy.test', role: 'admin' as never })).toEqual({ role: 'Choose student, teacher, student admin or auditor' });
    expect(await messagesFor({ fullName: ' Ayanda Zulu ', email: 'ayanda@academy.test', phone: '' })).toEqual({});
  });

  it("puts the API's 409 and 400 field messages under their fields, and reports when none matched", () => {
    const set: Record<string, string> = {};
    const setError = (field: string, error: { message?: string }) => void (set[field] = error.message ?? '');
    const taken = new ApiRequestError('An account with this email already exists.', 409, { email: ['An account with this email already exists.'] }, true);
    expect(applyServerFieldErrors(taken, ['fullName', 'email', 'phone', 'role'], setError as never)).toBe(true);
    expect(set).toEqual({ email: 'An account with this email already exists.' });
    const elsewhere = new ApiRequestError('Some fields are not valid', 400, { unknown: ['x'] }, true);
    expect(applyServerFieldErrors(elsewhere, ['fullName', 'email'], setError as never)).toBe(false);
    expect(applyServerFieldErrors(new Error('offline'), ['email'], setError as never)).toBe(false);
  });
});
