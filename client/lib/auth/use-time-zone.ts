import { DEFAULT_TIME_ZONE } from "../../../shared/timezones";
import { useAuth } from "./AuthProvider";

/** The organisation's time zone, in which the app shows every date and time. */
export const useTimeZone = () => useAuth().organization?.timezone ?? DEFAULT_TIME_ZONE;
