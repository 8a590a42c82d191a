/**
 * @jest-environment ./libs/testing/src/jest-environment-dom.mjs
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { toast } from '@academy/ui';
import { ApiRequestError } from './api-fetch';
import { useCommand } from './use-command';

type Values = { name: string; email: string };
type Answer = { message: string };

/** A form of two fields whose submit runs `send` through useCommand, showing each field's error and the busy state. */
function NameForm({ send, fields }: { send: (values: Values) => Promise<Answer>; fields?: readonly (keyof Values)[] }) {
  const form = useForm<Values>({ defaultValues: { name: 'Ayanda', email: 'ayanda@academy.test' } });
  const save = useCommand(send, { success: 'Saved (fallback)', failure: 'Failed to save', form, fields });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => save.run(values))} aria-label="Name">
      <input aria-label="Name field" {...form.register('name')} />
      <p data-testid="name-error">{errors.name?.message}</p>
      <p data-testid="email-error">{errors.email?.message}</p>
      <button type="submit" disabled={save.busy}>
        {save.busy ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

/** A promise and the functions that settle it, for commands that answer when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Name' }));

let success: jest.SpiedFunction<typeof toast.success>;
let failure: jest.SpiedFunction<typeof toast.error>;
beforeEach(() => {
  success = jest.spyOn(toast, 'success').mockImplementation(() => 1);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => 1);
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('useCommand', () => {
  it("toasts the answer's own message on success, and the fallback only when the answer has none", async () => {
    const send = jest.fn((_: Values) => Promise.resolve({ message: 'Program updated on the server' }));
    render(<NameForm send={send} />);
    submit();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Program updated on the server'));
    expect(send).toHaveBeenCalledWith({ name: 'Ayanda', email: 'ayanda@academy.test' });
    send.mockResolvedValueOnce({ message: '' });
    submit();
    await waitFor(() => expect(success).toHaveBeenLastCalledWith('Saved (fallback)'));
    expect(failure).not.toHaveBeenCalled();
  });

  it("puts a 400's field messages under the form's fields, and then toasts nothing", async () => {
    const refusal = new ApiRequestError('Validation failed', 400, { name: ['Name is required', 'Name is too short'], email: ['Enter a valid email address'] }, true);
    render(<NameForm send={() => Promise.reject(refusal)} />);
    submit();
    await waitFor(() => expect(screen.getByTestId('name-error').textContent).toBe('Name is required Name is too short'));
    expect(screen.getByTestId('email-error').textContent).toBe('Enter a valid email address');
    expect(failure).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });

  it('toasts a refusal whose fields the form does not show (`fields` narrows them)', async () => {
    const refusal = new ApiRequestError('Email is taken', 409, { email: ['Email is taken'] }, true);
    render(<NameForm send={() => Promise.reject(refusal)} fields={['name']} />);
    submit();
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Email is taken'));
    expect(screen.getByTestId('email-error').textContent).toBe('');
  });

  it("toasts any other failure: the server's message, else the fallback", async () => {
    const send = jest.fn((_: Values) => Promise.reject(new ApiRequestError('A program with this name already exists.', 409, {}, true)));
    render(<NameForm send={send} />);
    submit();
    await waitFor(() => expect(failure).toHaveBeenCalledWith('A program with this name already exists.'));
    send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    submit();
    await waitFor(() => expect(failure).toHaveBeenLastCalledWith('Failed to save'));
    send.mockRejectedValueOnce(new ApiRequestError('The request failed (HTTP 502).', 502));
    submit();
    await waitFor(() => expect(failure).toHaveBeenCalledTimes(3));
    expect(failure).toHaveBeenLastCalledWith('Failed to save');
    expect(success).not.toHaveBeenCalled();
  });

  it('is busy while the command runs, and ignores a second submit meanwhile', async () => {
    const answer = deferred<Answer>();
    const send = jest.fn((_: Values) => answer.promise);
    render(<NameForm send={send} />);
    submit();
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('Saving...'));
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    submit();
    submit();
    await act(async () => answer.resolve({ message: 'Saved' }));
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('Save'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('resolves run to whether it succeeded; a failure function decides the toast, and onError runs after it', async () => {
    const outcomes: boolean[] = [];
    const seen: string[] = [];
    const onError = jest.fn(() => void seen.push(`onError after ${failure.mock.calls.length} toast(s)`));
    const conflict = new ApiRequestError('Graded meanwhile', 409, {}, true);
    function Button({ send }: { send: () => Promise<Answer> }) {
      const command = useCommand(send, { failure: (error) => (error === conflict ? null : { title: 'Error', description: 'Please try again.' }), onError });
      return <button onClick={() => void command.run().then((ok) => outcomes.push(ok))}>Go</button>;
    }
    const { rerender } = render(<Button send={() => Promise.resolve({ message: 'Done' })} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(outcomes).toEqual([true]));
    rerender(<Button send={() => Promise.reject(conflict)} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(outcomes).toEqual([true, false]));
    expect(failure).not.toHaveBeenCalled();
    rerender(<Button send={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(outcomes).toEqual([true, false, false]));
    expect(failure).toHaveBeenCalledWith('Error', { description: 'Please try again.' });
    expect(seen).toEqual(['onError after 0 toast(s)', 'onError after 1 toast(s)']);
  });
});
