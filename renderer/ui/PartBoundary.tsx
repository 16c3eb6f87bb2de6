/**
 * Keeps a failure of one part of a screen to that part: a chart that cannot draw, or
 * whose code failed to load, shows `fallback` in its place (the error is reported as the
 * route's errors are), and the rest of the screen stays as it was.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorText } from '../lib/http-errors';
import { reportError } from '../lib/report-error';

export class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError({
      message: errorText(error),
      stack: (error as Error | undefined)?.stack,
      componentStack: info.componentStack ?? undefined,
    });
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
