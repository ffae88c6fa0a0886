import { fromPromise } from 'xstate';

/**
 * Declares an invoked actor's types in `setup()` without an implementation: the app supplies the
 * real one with `.provide()`, tests supply fakes. Running a machine without providing it fails loudly.
 */
export function unprovided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`The actor "${name}" must be provided by the app`)));
}
