// A form's onSubmit for a form that saves through a call rather than the browser: stay on the page and
// run the save (Enter in a field submits the form too).
import type { FormEvent } from 'react';

export function submitWith(save: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
}
