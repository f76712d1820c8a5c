"""Large Bash outputs: where the output is cut, what the preview keeps and the persisted
size, for outputs around and past each limit (30,000 characters shown, a 2 KB preview),
stdout against stderr, many short lines against one long line, multi-byte characters,
failing commands, blank edges, and BASH_MAX_OUTPUT_LENGTH."""
from common import Calls, respond, scenario


def py(code, exit_code=0):
    """A Bash command that runs `code` (single quotes only) in python3."""
    tail = f"; sys.exit({exit_code})" if exit_code else ""
    return f'python3 -c "import sys; {code}{tail}"'


def out(expr, stream="stdout"):
    return f"sys.{stream}.write({expr})"


def lines(count, width, stream="stdout"):
    """`count` lines, each `width` characters before its newline: L00001xxxx..."""
    return out(f"''.join(('L%05d' % i).ljust({width}, 'x') + chr(10) for i in range(1, {count} + 1))",
               stream)


def make(name, description, command, env=None, exit_code=0):
    c = Calls()
    return scenario("outputs_" + name, description,
                    [respond(c.bash(py(command, exit_code), "print")), respond("Seen.")],
                    env=env, timeout_s=180)


def sizes():
    # One line of x, no newline, around and past the 30,000-character limit.
    for n in (29_999, 30_000, 30_001, 30_500, 40_000, 102_400, 250_000, 1_048_576, 3_000_000):
        yield make(f"one_line_{n}", f"One line of {n} characters, no newline.", out(f"'x' * {n}"))
    # Short lines (10 characters each with the newline), around the limit.
    for count in (2_999, 3_000, 3_001, 10_000):
        yield make(f"lines10_{count}", f"{count} lines of 10 characters with their newlines "
                   f"({count * 10} characters; the last newline is dropped).", lines(count, 9))


def previews():
    # Where the 2 KB preview ends: line breaks before, at and after 1 KB and 2 KB.
    for width in (99, 700, 1023, 1024, 1500, 2046, 2047, 2048, 2049, 3000):
        count = 40_000 // (width + 1) + 1
        yield make(f"preview_width_{width}", f"{count} lines of {width} characters: where the "
                   "preview is cut.", lines(count, width))
    yield make("two_lines_50000", "Two lines of 50,000 characters.",
               out("'a' * 50000 + chr(10) + 'b' * 50000"))
    # A first line of `first` characters, then one long line: when is the preview cut at
    # the first line break?
    for first in (100, 500, 999, 1000, 1001, 1999, 2000):
        yield make(f"preview_first_line_{first}", f"A line of {first} characters, then one of "
                   "40,000: where the preview is cut.", out(f"'f' * {first} + chr(10) + 'g' * 40000"))


def streams():
    yield make("stderr_40000", "40,000 characters on stderr only.", lines(4_000, 9, "stderr"))
    yield make("stderr_30001", "30,001 characters on stderr, one line.", out("'e' * 30001", "stderr"))
    yield make("stdout_stderr_20000_each", "20,000 characters on stdout, then 20,000 on stderr.",
               lines(2_000, 9) + "; sys.stdout.flush(); " + out("'E' * 20000", "stderr"))
    yield make("exit1_40000", "40,000 characters, then exit code 1.", lines(4_000, 9), exit_code=1)
    for n in (9_988, 9_989, 9_999, 10_000, 10_001, 10_002, 10_020, 10_500, 11_000, 11_001, 11_012,
              11_013, 11_020, 11_050,
              11_090, 11_100, 11_150,
              11_200, 11_250, 11_500,
              11_750, 12_000, 13_000, 14_000, 15_000, 19_988, 19_989, 20_000):
        yield make(f"exit1_{n}", f"{n} characters, then exit code 1 (the error text is "
                   f"{n + 12} characters).", out(f"'x' * {n}"), exit_code=1)
    yield make("exit100_11011", "11,011 characters, then exit code 100 (the error text is 11,025 "
               "characters).", out("'x' * 11011"), exit_code=100)
    yield make("exit1_lines_11500", "1,150 lines of 10 characters, then exit code 1.",
               lines(1_150, 9), exit_code=1)
    yield make("exit2_stderr_35000", "35,000 characters on stderr, then exit code 2.",
               out("'e' * 35000", "stderr"), exit_code=2)


def characters():
    # Characters against bytes (and UTF-16 units) near the limit.
    yield make("utf8_2byte_15001", "15,001 two-byte characters (30,002 bytes).", out("'é' * 15001"))
    yield make("utf8_2byte_29999", "29,999 two-byte characters.", out("'é' * 29999"))
    yield make("utf8_2byte_30001", "30,001 two-byte characters.", out("'é' * 30001"))
    yield make("utf8_3byte_40000", "40,000 three-byte characters (the preview cuts inside one).",
               out("'€' * 40000"))
    yield make("emoji_15001", "15,001 four-byte characters (30,002 UTF-16 units).", out("'😀' * 15001"))
    yield make("emoji_29999", "29,999 four-byte characters.", out("'😀' * 29999"))
    yield make("utf8_odd_offset", "One byte, then 20,000 two-byte characters: the 30,000-byte cut "
               "falls inside a character.", out("'a' + 'é' * 20000"))
    yield make("emoji_odd_offset", "One character, then 20,000 four-byte characters: the "
               "2,000-unit preview ends inside a surrogate pair.", out("'a' + '😀' * 20000"))


def edges():
    yield make("trailing_blank_30010", "29,990 characters then 20 newlines (30,010 before trimming).",
               out("'x' * 29990 + chr(10) * 20"))
    yield make("trailing_spaces_30010", "29,990 characters then 20 spaces.",
               out("'x' * 29990 + ' ' * 20"))
    yield make("leading_blank_30010", "20 newlines then 29,990 characters.",
               out("chr(10) * 20 + 'x' * 29990"))
    yield make("leading_blank_40000", "20 blank lines then 40,000 characters in lines.",
               out("chr(10) * 20") + "; " + lines(4_000, 9))


def env_limit():
    for limit in (10_000, 50_000, 200_000):
        yield make(f"env_limit_{limit}_over", f"BASH_MAX_OUTPUT_LENGTH={limit}; {limit + 5_000} "
                   "characters in lines.", lines((limit + 5_000) // 10, 9),
                   env={"BASH_MAX_OUTPUT_LENGTH": str(limit)})
    yield make("env_limit_1000_over", "BASH_MAX_OUTPUT_LENGTH=1000; 5,000 characters in lines.",
               lines(500, 9), env={"BASH_MAX_OUTPUT_LENGTH": "1000"})
    yield make("env_limit_invalid", "BASH_MAX_OUTPUT_LENGTH=abc; 40,000 characters in lines.",
               lines(4_000, 9), env={"BASH_MAX_OUTPUT_LENGTH": "abc"})
    # Under the Bash limit, the result is still too long for the model.
    big = {"BASH_MAX_OUTPUT_LENGTH": "50000"}
    yield make("env_limit_50000_under", "BASH_MAX_OUTPUT_LENGTH=50000; 40,000 characters.",
               lines(4_000, 9), env=big)
    for n in (30_000, 30_001):
        yield make(f"env_limit_50000_one_line_{n}", f"BASH_MAX_OUTPUT_LENGTH=50000; one line of {n} "
                   "characters.", out(f"'x' * {n}"), env=big)
    yield make("env_limit_50000_utf8_20000", "BASH_MAX_OUTPUT_LENGTH=50000; 20,000 two-byte "
               "characters (40,000 bytes).", out("'é' * 20000"), env=big)
    yield make("env_limit_50000_emoji_10000", "BASH_MAX_OUTPUT_LENGTH=50000; 10,000 four-byte "
               "characters (20,000 UTF-16 units).", out("'😀' * 10000"), env=big)
    yield make("env_limit_150000_utf8_40000", "BASH_MAX_OUTPUT_LENGTH=150000; 40,000 two-byte "
               "characters (80,000 bytes): the size the preview states.", out("'é' * 40000"),
               env={"BASH_MAX_OUTPUT_LENGTH": "150000"})
    yield make("env_limit_50000_exit1_40000", "BASH_MAX_OUTPUT_LENGTH=50000; 40,000 characters, "
               "then exit code 1.", lines(4_000, 9), env=big, exit_code=1)


def boundaries():
    """Outputs exactly at the limits in characters, bytes and UTF-16 units, and multi-byte
    text at the preview's edge."""
    yield make("one_line_30002", "One line of 30,002 characters, no newline.", out("'x' * 30002"))
    yield make("ascii_29999_then_e_acute", "29,999 ASCII characters and one two-byte character "
               "(30,000 characters, 30,001 bytes).", out("'x' * 29999 + 'é'"))
    yield make("ascii_30000_then_e_acute", "30,000 ASCII characters and one two-byte character.",
               out("'x' * 30000 + 'é'"))
    yield make("utf8_2byte_15000", "15,000 two-byte characters (30,000 bytes).", out("'é' * 15000"))
    yield make("utf8_2byte_30000", "30,000 two-byte characters.", out("'é' * 30000"))
    yield make("utf8_3byte_10000", "10,000 three-byte characters (30,000 bytes).",
               out("'€' * 10000"))
    yield make("utf8_3byte_30000", "30,000 three-byte characters.", out("'€' * 30000"))
    yield make("utf8_3byte_30001", "30,001 three-byte characters.", out("'€' * 30001"))
    yield make("emoji_15000", "15,000 four-byte characters (30,000 UTF-16 units).",
               out("'😀' * 15000"))
    yield make("emoji_30000", "30,000 four-byte characters.", out("'😀' * 30000"))
    yield make("emoji_30001", "30,001 four-byte characters.", out("'😀' * 30001"))
    yield make("cjk_lines_40000", "4,000 lines of nine CJK characters.",
               out("''.join('考' * 9 + chr(10) for i in range(4000))"))
    yield make("preview_utf8_line_edge", "A line of 1,999 two-byte characters, then 40,000 more: "
               "where the preview is cut.", out("'é' * 1999 + chr(10) + 'é' * 40000"))
    yield make("preview_emoji_lines", "Lines of 500 four-byte characters, 40,000 characters in "
               "all.", out("''.join('😀' * 500 + chr(10) for i in range(80))"))
    yield make("crlf_lines_40000", "4,000 lines of 8 characters ended by CR LF.",
               out("''.join('L%07d' % i + chr(13) + chr(10) for i in range(4000))"))
    yield make("tabs_40000", "40,000 tab characters.", out("chr(9) * 40000"))
    yield make("stderr_exit1_30000", "30,000 characters on stderr, then exit code 1.",
               out("'e' * 30000", "stderr"), exit_code=1)
    yield make("stderr_exit1_30001", "30,001 characters on stderr, then exit code 1.",
               out("'e' * 30001", "stderr"), exit_code=1)
    yield make("exit1_utf8_15000", "15,000 two-byte characters, then exit code 1.",
               out("'é' * 15000"), exit_code=1)
    yield make("exit1_emoji_6000", "6,000 four-byte characters, then exit code 1.",
               out("'😀' * 6000"), exit_code=1)
    for limit, n in ((10_000, 10_000), (10_000, 10_001), (50_000, 50_000), (50_000, 50_001)):
        yield make(f"env_limit_{limit}_exact_{n}", f"BASH_MAX_OUTPUT_LENGTH={limit}; one line of "
                   f"{n} characters.", out(f"'x' * {n}"), env={"BASH_MAX_OUTPUT_LENGTH": str(limit)})
    yield make("env_limit_10000_utf8_5001", "BASH_MAX_OUTPUT_LENGTH=10000; 5,001 two-byte "
               "characters (10,002 bytes).", out("'é' * 5001"),
               env={"BASH_MAX_OUTPUT_LENGTH": "10000"})
    yield make("env_limit_10000_emoji_6000", "BASH_MAX_OUTPUT_LENGTH=10000; 6,000 four-byte "
               "characters.", out("'😀' * 6000"), env={"BASH_MAX_OUTPUT_LENGTH": "10000"})
    yield make("env_limit_0", "BASH_MAX_OUTPUT_LENGTH=0; 40,000 characters in lines.",
               lines(4_000, 9), env={"BASH_MAX_OUTPUT_LENGTH": "0"})
    yield make("env_limit_negative", "BASH_MAX_OUTPUT_LENGTH=-5; 40,000 characters in lines.",
               lines(4_000, 9), env={"BASH_MAX_OUTPUT_LENGTH": "-5"})
    yield make("env_limit_200000_one_line_199999", "BASH_MAX_OUTPUT_LENGTH=200000; one line of "
               "199,999 characters.", out("'x' * 199999"), env={"BASH_MAX_OUTPUT_LENGTH": "200000"})
    yield make("env_limit_200000_over_max", "BASH_MAX_OUTPUT_LENGTH=200000; 250,000 characters.",
               out("'x' * 250000"), env={"BASH_MAX_OUTPUT_LENGTH": "200000"})


def scenarios():
    for group in (sizes, previews, streams, characters, edges, env_limit, boundaries):
        yield from group()
