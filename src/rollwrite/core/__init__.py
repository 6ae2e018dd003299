"""The application beneath both front ends (the command line, rollwrite.cli, and the desk,
rollwrite.serve): what a command or a page asks for, done once, with no word about arguments or HTTP.

    challenges     ids, variations and dice schedules of seeded and daily challenges
    printrun       printing a run of sheets
    scoring        scoring typed-in sheets, one or a batch on every core
    puzzles        making puzzles, their par and answers
    solving        solving a typed-in position, for the games with a solver
    par_records    the par each puzzle made leaves for checking answers later
    layout_checks  the checks a layout passes before it prints

Nothing here imports rollwrite.cli or rollwrite.serve (tests/code/test_layers.py holds this).  This
package itself imports nothing: each command loads only the modules it uses.
"""
