import { describe, expect, it } from '@jest/globals';
import { ApiRequestError, apiFetch, errorMessage } from './api-fetch';

describe('errorMessage', () => {
  it("shows the API's own message (spec §8), and the screen's fallback when the API gave none", () => {
    expect(errorMessage(new ApiRequestError('Invalid email or password', 401, {}, true), 'Failed')).toBe('Invalid email or password');
    expect(errorMessage(new ApiRequestError('The request failed (HTTP 500).', 500), 'Failed to create admin account')).toBe('Failed to create admin account');
    expect(errorMessage(new TypeError('boom'), 'Failed to complete profile')).toBe('Failed to complete profile');
  });

  it('lists the field messages of a validation error in order', () => {
    const error = new ApiRequestError('Validation failed', 400, { email: ['Enter a valid email address'], password: ['Password must be at least 8 characters'] }, true);
    expect(error.fieldMessages).toEqual(['Enter a valid email address', 'Password must be at least 8 characters']);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
  });
});

describe('apiFetch as text', () => {
  const answer = (status: number, body: string, type: string) => (() => Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }))) as typeof fetch;

  it('resolves to the body as text (a CSV download), and still turns an error answer into ApiRequestError', async () => {
    const csv = 'student_email,score\ns@academy.test,90\n';
    await expect(apiFetch('/api/subjects/s/grades.csv', { responseType: 'text', fetch: answer(200, csv, 'text/csv') })).resolves.toBe(csv);
    const refused = apiFetch('/api/subjects/s/grades.csv', { responseType: 'text', fetch: answer(403, JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'You are not assigned to this subject.' }), 'application/json') });
    await expect(refused).rejects.toMatchObject({ status: 403, message: 'You are not assigned to this subject.', fromServer: true });
  });

  it('resolves to a Blob (a PDF download), and still turns an error answer into ApiRequestError', async () => {
    const pdf = await apiFetch<Blob>('/api/certificates/e/pdf', { responseType: 'blob', fetch: answer(200, '%PDF-1.7', 'application/pdf') });
    expect(pdf).toBeInstanceOf(Blob);
    expect(await pdf.text()).toBe('%PDF-1.7');
    const refused = apiFetch('/api/certificates/e/pdf', { responseType: 'blob', fetch: answer(404, JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Certificate not found' }), 'application/json') });
    await expect(refused).rejects.toMatchObject({ status: 404, message: 'Certificate not found', fromServer: true });
  });
});
