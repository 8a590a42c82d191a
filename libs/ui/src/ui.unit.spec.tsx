import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, ErrorPanel, buttonVariants, cn } from './index';

describe('cn', () => {
  it('joins class names and drops falsy ones', () => {
    expect(cn('a', false, null, undefined, 'b', { c: true, d: false })).toBe('a b c');
  });

  it('lets the later of two conflicting Tailwind utilities win', () => {
    expect(cn('px-2 py-1 text-sm', 'px-4')).toBe('py-1 text-sm px-4');
    expect(cn('bg-primary', 'bg-destructive/90')).toBe('bg-destructive/90');
  });
});

describe('Button', () => {
  const classesOf = (html: string) => /class="([^"]*)"/.exec(html)![1].split(' ');

  it('renders a type="button" with the default variant and size', () => {
    const html = renderToStaticMarkup(<Button>Save</Button>);
    expect(html).toMatch(/^<button data-slot="button" type="button" class="[^"]+">Save<\/button>$/);
    expect(classesOf(html)).toEqual(expect.arrayContaining(['bg-primary', 'text-primary-foreground', 'h-9', 'px-4']));
  });

  it('applies the variant and size classes, and a className overrides a conflicting one', () => {
    const classes = classesOf(renderToStaticMarkup(<Button variant="destructive" size="sm" className="px-8">Delete</Button>));
    expect(classes).toEqual(expect.arrayContaining(['bg-destructive', 'h-8', 'px-8']));
    expect(classes).not.toContain('px-3');
    expect(classes).not.toContain('bg-primary');
  });

  it('forwards the other props to the <button>', () => {
    const html = renderToStaticMarkup(
      <Button type="submit" disabled aria-label="Send the form" name="send" onClick={() => undefined}>
        Send
      </Button>,
    );
    expect(html).toContain('type="submit"');
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-label="Send the form"');
    expect(html).toContain('name="send"');
  });

  it('gives links the look of a button through buttonVariants', () => {
    expect(buttonVariants({ variant: 'link' }).split(' ')).toEqual(expect.arrayContaining(['text-primary', 'hover:underline']));
    expect(buttonVariants({ variant: 'outline', size: 'lg' }).split(' ')).toEqual(expect.arrayContaining(['border', 'bg-background', 'h-10']));
  });
});

describe('ErrorPanel', () => {
  it('shows the title, the message and a Retry button only when it can retry', () => {
    const withRetry = renderToStaticMarkup(<ErrorPanel title="Could not load" message="HTTP 503" onRetry={() => undefined} />);
    expect(withRetry).toContain('role="alert"');
    expect(withRetry).toContain('Could not load');
    expect(withRetry).toContain('HTTP 503');
    expect(withRetry).toMatch(/<button[^>]*>.*Retry<\/button>/);
    expect(renderToStaticMarkup(<ErrorPanel title="Could not load" message="HTTP 503" />)).not.toContain('<button');
  });
});
