import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DEFAULT_FEEDBACK_MESSAGES, FEEDBACK_MESSAGE_COUNT, type DefaultFeedbackMessage } from '@ar/rules';

/**
 * Default feedback messages (spec 001 "Default Feedback Messages"): a house's three positive
 * messages; until it saves its own it sees DEFAULT_FEEDBACK_MESSAGES. Saving writes all three.
 */
@Injectable()
export class FeedbackMessagesService {
  constructor(private readonly em: EntityManager) {}

  async list(houseId: number): Promise<DefaultFeedbackMessage[]> {
    const rows: { position: number; message: string }[] = await this.em
      .getConnection()
      .execute('select position, message from house_feedback_message where house_id = ? order by position', [houseId]);
    const saved = new Map(rows.map((r) => [Number(r.position), r.message]));
    return Array.from({ length: FEEDBACK_MESSAGE_COUNT }, (_, i) => ({
      feedbackID: i + 1,
      message: saved.get(i + 1) ?? DEFAULT_FEEDBACK_MESSAGES[i],
    }));
  }

  async save(houseId: number, messages: readonly string[]): Promise<DefaultFeedbackMessage[]> {
    await this.em.getConnection().execute(
      `insert into house_feedback_message (house_id, position, message, updated_at)
       values ${messages.map(() => '(?, ?, ?, now())').join(', ')}
       on conflict (house_id, position) do update set message = excluded.message, updated_at = excluded.updated_at`,
      messages.flatMap((m, i) => [houseId, i + 1, m]),
    );
    return this.list(houseId);
  }
}
