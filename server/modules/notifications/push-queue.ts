/** The queues of Web Push (a notification, then each browser) (./web-push.ts), named apart so writers need not load the sender. */
export const PUSH_QUEUE = 'notifications.push';
export const PUSH_SEND_QUEUE = 'notifications.push-send';
