import { PRINCIPAL_COLUMNS } from '../src/modules/houses/identity/sessions.service';

/**
 * The app's own SQL, copied as it reaches PostgreSQL, for the bare-pg floors. When the app's
 * query changes, change it here too (the benchmarks check row counts, not text).
 */

/** The guard's session lookup on every signed-in request (SessionsService.resolve). */
export const SESSION_SQL = `select s.id as session_id, s.csrf_token, s.last_seen_at, ${PRINCIPAL_COLUMNS}
   from staff_session s join staff_user u on u.id = s.user_id join house h on h.id = s.house_id
  where s.id = $1 and s.expires_at > now() and u.is_active`;
