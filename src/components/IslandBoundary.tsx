/**
 * Every island mounts inside this boundary: an error while mounting or
 * rendering is recorded as the app error and the error panel takes the
 * island's place; the rest of the page stays readable (SPEC §4 "App start").
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { $appError } from '../stores/app';

interface State {
  error: Error | null;
}

/** `?nucleus-crash=NAME` makes island NAME throw, to see this page (diagnostics). */
function crashRequested(name: string): boolean {
  try {
    return new URLSearchParams(location.search).get('nucleus-crash') === name;
  } catch {
    return false;
  }
}

function Crash({ name }: { name: string }): never {
  throw new Error(`Diagnostics: island '${name}' was asked to crash.`);
}

export class IslandBoundary extends Component<{ name: string; children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error): void {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    $appError.set({ statusCode: status, message: error.message });
    console.error(`[nucleus] the ${this.props.name} could not start:`, error);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return crashRequested(this.props.name) ? <Crash name={this.props.name} /> : this.props.children;
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // A plain sentence, not a server status: nothing failed on a server, and
    // in the header the box has one line's room (global.css .island-error).
    return (
      <section className="island-error" role="alert" data-error-status={status}>
        <p className="island-error-title">The {this.props.name} could not start.</p>
        <p className="island-error-more">The rest of the page still works; reload to try again.</p>
        <button type="button" className="btn" onClick={() => location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}

/** Wraps an island component in the boundary. */
export function withBoundary<P extends object>(name: string, Inner: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <IslandBoundary name={name}>
      <Inner {...props} />
    </IslandBoundary>
  );
  Wrapped.displayName = `WithBoundary(${name})`;
  return Wrapped;
}
