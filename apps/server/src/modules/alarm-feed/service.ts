/*
 * An alarm as the feed reads and carries it: the mail digest reads the alarms it mails the same
 * way (mail-digest/repo.ts), so a mail and a live message say the same of one alarm.
 */
export { FEED_COLUMNS, FEED_FROM, feedAlarmOf, type FeedAlarm } from './repo';
