/**
 * One email check for the server and the admin (it existed three times). The shape of an ordinary
 * address, as class-validator's isEmail accepts it with its defaults: a dot-atom local part of at
 * most 64 characters, a domain of letter/digit/hyphen labels ending in a top-level domain of at
 * least two letters, at most 254 characters in all, no spaces.
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{2,59})$/;

export function looksLikeEmail(value: string): boolean {
  const s = value.trim();
  if (s.length > 254) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1]);
}
