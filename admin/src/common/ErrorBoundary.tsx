import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppAlert } from './AppAlert';

/** A screen that throws shows the generic alert instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <AppAlert /> : this.props.children;
  }
}
