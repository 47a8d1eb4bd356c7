import type { ReactElement } from 'react';
import type { AccessKey } from '../access/canAccess';

/** One row of the spec's route table: where, who may see it, and what it shows. */
export interface AppRoute {
  path: string;
  title: string;
  access: AccessKey;
  /** The screen; a "not available yet" placeholder titled `title` until it is built. */
  element?: ReactElement;
  /** Where a user the access rule refuses is sent (the spec's redirect); without it, the permission-denied text. */
  deniedRedirect?: string;
}

export const route = (path: string, title: string, access: AccessKey, element?: ReactElement): AppRoute => ({
  path,
  title,
  access,
  element,
});
