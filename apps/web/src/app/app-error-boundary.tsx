import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Locale } from '@antenne/contract';
import { bootMessages } from '../lib/boot-messages';
import { reportCrash } from '../lib/crash-reports';
import { renderContext } from '../lib/render-context';
import { StartupError } from './shell/startup-error';

interface Props {
  locale: Locale;
  children: ReactNode;
}

/** App-level error boundary: a crash outside any route still shows a way out, never a blank page. */
export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // On the server: the page is drawn afresh in the browser, not hydrated against this HTML.
    renderContext()?.redrawInBrowser?.();
    console.error('app crashed', error, info.componentStack);
    reportCrash(error, 'boundary');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StartupError messages={bootMessages[this.props.locale]} onRetry={() => window.location.reload()} />
    );
  }
}
