"""The games at the table as domain sessions: the two-handed game against an engine
(``PlaySession``) and the other tables (``TableSession``). A screen holds one and draws
it; a unit test does all that the screen can, without one."""
