import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows instead when the code below could not be loaded (or failed to render). */
  fallback: ReactNode;
  /** A new value tries again (the page's address: another page may load). */
  resetKey?: string;
  children: ReactNode;
}

/**
 * Keeps the rest of the site on screen when a part's code cannot be loaded: a page never opened on
 * this device, offline, has no saved code (client/sw.ts keeps code as it is used), and without a
 * boundary React would take the whole app down with it. A new `resetKey` tries again; a key on
 * the boundary would do that too, but would remount the page on every move, losing the router's
 * transition that keeps the old page on screen until the new one is ready.
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Logged for whoever debugs it; the visitor sees the fallback.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
