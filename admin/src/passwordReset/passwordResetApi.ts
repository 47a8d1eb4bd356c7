/**
 * The two public calls of the reset page (001 section 7). Plain fetch: the page loads no user and
 * no session (spec: "The password-reset path skips the user load"), so no CSRF token either. A
 * refusal throws `{ status, body }`, as readApiError reads it.
 */
async function post<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw { status: 0, body: null };
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) throw { status: res.status, body: json };
  return json as T;
}

export interface ForgotPasswordValues {
  houseUserName: string;
  userName: string;
  emailAddress: string;
}

export const forgotPassword = (v: ForgotPasswordValues) =>
  post<{ data: { success: boolean; message: string } }>('/app/house/user/forgotPassword', {
    houseUserName: v.houseUserName.trim(),
    userName: v.userName.trim(),
    emailAddress: v.emailAddress.trim(),
    domain: window.location.host,
  });

export const resetPassword = (jwt: string, newPassword: string) =>
  post<{ data: { success: boolean } }>('/app/house/user/resetPassword', { jwt, newPassword });
