/** The attendance module's public face (docs/attendance.md): what the composition root, seed data and tests use. */
export { attendanceRoutes } from './attendance.routes';
export { attendanceServerSync } from './attendance.sync';
export { timesheetOf } from './timesheet';
