/** Who may reconcile end-of-auction results: a super user, or a user with reports access. */
export function canReconcile(user: { isSuperUser: boolean; accessReports: boolean }): boolean {
  return user.isSuperUser || user.accessReports;
}
