// The Element Timing attribute (https://wicg.github.io/element-timing/), which React passes through
// but its types do not list: tests/bench/build-size.ts times the dashboard's figures with it.
import 'react';

declare module 'react' {
  // The type parameter must be named as in React's own declaration for the two to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
