"""The judges' floor as plain values: the queue of calls, how long each waits, each table's
state at a glance and the median time from a call to its claim (exact). No Django here."""
