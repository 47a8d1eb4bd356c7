import type { ReactElement } from 'react';
import type { AccessKey } from '../access/canAccess';

/** One row of the spec's route table: where, who may see it, and what it shows. */
export interface AppRoute {
  path: string;
  title: string;
  access: AccessKey;
  /** The screen; a "not available yet" placeholder titled `title` until it is built. */
  element?: ReactElement;
}

export const route = (path: string, title: string, access: AccessKey, element?: ReactElement): AppRoute => ({
  path,
  title,
  access,
  element,
});
