/*
 * An alarm as the feed reads and carries it: the mail digest reads the alarms it mails the same
 * way (mail-digest/repo.ts), so a mail and a live message say the same of one alarm.
 */
export { FEED_COLUMNS, FEED_FROM, feedAlarmOf, type FeedAlarm } from './repo';
/** The in-app alert's words for an alarm: a Web Push notification (push/message.ts) says the same. */
export { liveAlarmMessage } from './message';
