import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '../../components/ui/error-fallback';
import { translate } from '../../lib/i18n';

interface Props {
  children: ReactNode;
  /** When this changes (another page), a shown error is cleared. */
  resetKey: string;
}

interface State {
  error: unknown;
  renderedKey: string | null;
}

/** Catches render errors of the page inside the shell, so the top bar and footer stay usable. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, renderedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error(translate('common', 'error.unknown')) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return state.renderedKey === props.resetKey ? null : { renderedKey: props.resetKey };
    if (state.renderedKey !== props.resetKey) return { error: null, renderedKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) {
      return <ErrorFallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
