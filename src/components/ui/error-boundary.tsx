import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Catches a render error below it and shows `fallback` instead of a blank page. */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  reset = () => this.setState({ error: null, failed: false });

  override render() {
    return this.state.failed
      ? this.props.fallback(this.state.error, this.reset)
      : this.props.children;
  }
}
