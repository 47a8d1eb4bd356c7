import { useEffect, useRef } from 'react';
import { get, useFormContext, useFormState, useWatch, type FieldErrors, type FieldValues } from 'react-hook-form';

/**
 * Field messages between the shared rules (and the server), keyed by dotted paths
 * (`taxSettings.0.taxRate`), and react-admin's `Form` (react-hook-form), which holds them nested.
 */

/** A path's message as react-hook-form holds it: the server's a string, the `validate` resolver's `{ message }`. */
export function errorText(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message || undefined;
  const inner = (message as { message?: unknown } | undefined)?.message;
  return typeof inner === 'string' && inner ? inner : undefined;
}

/**
 * Dotted paths to the nested shape a `Form`'s `validate` returns. A list's own message is keyed at
 * its `root` (`messages.root`), where react-hook-form keeps a field array's error.
 */
export function nestErrors(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) {
      if (!node[p] || typeof node[p] !== 'object') node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = message;
  }
  return out;
}

/** The messages react-hook-form holds, by dotted path, with where each came from (`server` after a refused save). */
export function flatErrors(errors: FieldErrors, prefix = ''): Record<string, { message: string; type: string }> {
  const out: Record<string, { message: string; type: string }> = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix + key;
    const text = 'type' in value ? errorText(value) : undefined;
    if (text !== undefined) out[path] = { message: text, type: String((value as { type: unknown }).type) };
    Object.assign(out, flatErrors(value as FieldErrors, `${path}.`));
  }
  return out;
}

/**
 * Keeps every message current. react-hook-form re-validates only the field that changed, but a rule
 * may depend on another field (the country renames the state's message; two messages share a
 * sequence): each path whose message the rules now word differently is re-run through the form's
 * `validate`. `rules` is that `validate` keyed by dotted path. A server message goes once the value
 * it is about changes (a list's own message: anything in the list), however it was changed.
 */
export function useRulesInSync(rules: (values: FieldValues) => Record<string, string>): void {
  const values = useWatch() as FieldValues;
  const { errors } = useFormState();
  const { trigger, clearErrors } = useFormContext();
  const previous = useRef(values);
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    const shown = flatErrors(errors);
    const changed = (path: string) => {
      const at = path.replace(/\.root$/, '');
      return JSON.stringify(get(before, at)) !== JSON.stringify(get(values, at));
    };
    const outdated = Object.keys(shown).filter((path) => shown[path].type === 'server' && changed(path));
    if (outdated.length > 0) {
      clearErrors(outdated);
      return;
    }
    const found = rules(values);
    const stale = Object.keys(found).filter((path) => shown[path]?.message !== found[path]);
    for (const [path, e] of Object.entries(shown)) if (e.type !== 'server' && !(path in found)) stale.push(path);
    if (stale.length > 0) void trigger(stale);
  }, [values, errors, rules, trigger, clearErrors]);
}

/**
 * The message to show for a path that is not one input (a row's check boxes, a list): the server's
 * at once, a rule's once a save was tried.
 */
export function useShownMessage(path: string): string | undefined {
  const { errors, isSubmitted } = useFormState({ name: path.replace(/\.root$/, '') });
  const error = get(errors, path) as { type?: string } | undefined;
  return isSubmitted || error?.type === 'server' ? errorText(error) : undefined;
}
