import { RotateCw, TriangleAlert } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

export interface ErrorPanelProps {
  title: string;
  message: string;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** What a screen shows instead of going blank when something it needs failed. */
export function ErrorPanel({ title, message, onRetry, retryLabel = 'Retry', className }: ErrorPanelProps) {
  return (
    <Card role="alert" className={cn('mx-auto w-full max-w-xl border-destructive/40', className)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
          {title}
        </CardTitle>
        <CardDescription className="whitespace-pre-line wrap-anywhere">{message}</CardDescription>
      </CardHeader>
      {onRetry && (
        <CardFooter>
          <Button variant="outline" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {retryLabel}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
