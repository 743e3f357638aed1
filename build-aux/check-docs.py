#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""usage: check-docs.py [REPOSITORY]   (the repository holding this script by default)

Fails, naming each problem, when
- README's "Try it" commands are not `./dev run` and `./dev test`, or are not on the first
  screen, or README is longer than 120 lines;
- `.ci/run` runs anything but README's `./dev test`;
- a relative link or picture in README.md or docs/*.md names a file that does not exist or
  lies outside the repository, or an #anchor into a Markdown file names no heading there
  (GitHub's slugs);
- the AppStream metainfo's list says other words than README's "What it does", or one of its
  screenshots is not in the repository.
Standard library only."""
import re
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

QUICK_START = ["./dev run", "./dev test"]
CI_COMMAND = "./dev test"
README_MAX_LINES = 120
FIRST_SCREEN_LINES = 25
RAW_PREFIX = "https://raw.githubusercontent.com/totenotes/tote/main/"

problems = []


def problem(where, message):
    problems.append(f"{where}: {message}")


def outside_code(lines):
    """(line number, line) outside fenced code blocks, with inline code spans blanked."""
    fence = None
    for number, line in enumerate(lines, 1):
        marker = re.match(r"^\s*(```+|~~~+)", line)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * 3
            elif marker.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, re.sub(r"`+[^`]*`+", lambda m: " " * len(m.group(0)), line)


def section(lines, title):
    """The lines under the `## title` heading, with their line numbers, up to the next `## `."""
    found, out = False, []
    for number, line in enumerate(lines, 1):
        if re.match(r"^##\s", line):
            if found:
                break
            found = line[2:].strip() == title
            continue
        if found:
            out.append((number, line))
    if not found:
        problem("README.md", f'no "## {title}" section')
    return out


def github_slug(heading):
    """The anchor GitHub gives a heading: its text without Markdown, lower case, punctuation
    but hyphens and spaces dropped, spaces turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, slugs = {}, set()
        for _, line in outside_code(path.read_text(encoding="utf-8").splitlines()):
            heading = re.match(r"^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$", line)
            if not heading:
                continue
            slug = github_slug(heading.group(1))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            slugs.add(slug if count == 0 else f"{slug}-{count}")
        cache[path] = slugs
    return cache[path]


def check_quick_start(root, readme_lines):
    commands, first_line, fence = [], None, False
    for number, line in section(readme_lines, "Try it"):
        if line.startswith("```"):
            if fence or commands:
                break
            fence = True
            continue
        if fence:
            command = line.split("#", 1)[0].strip()
            if command:
                commands.append(command)
                first_line = first_line or number
    if commands != QUICK_START:
        problem("README.md", f'the "Try it" commands are {commands}, expected {QUICK_START}')
    if first_line and first_line > FIRST_SCREEN_LINES:
        problem(f"README.md:{first_line}",
                f"the first command is below line {FIRST_SCREEN_LINES}, off the first screen")
    if len(readme_lines) > README_MAX_LINES:
        problem("README.md", f"{len(readme_lines)} lines, more than {README_MAX_LINES}")

    ci = root / ".ci" / "run"
    if not ci.is_file():
        problem(".ci/run", "missing")
        return
    # What .ci/run executes: every line but comments, blank lines, `set` and the `cd` to the
    # repository.
    run = []
    for number, line in enumerate(ci.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#") or re.match(r"^set\s", line) or re.match(r"^cd\s", line):
            continue
        run.append((number, re.sub(r"^exec\s+", "", line)))
    if [command for _, command in run] != [CI_COMMAND]:
        problem(".ci/run", f"runs {[command for _, command in run]}, expected exactly ['{CI_COMMAND}']")
    if CI_COMMAND not in commands:
        problem("README.md", f"\"Try it\" does not show CI's command '{CI_COMMAND}'")


def check_links(root, path):
    name = path.relative_to(root)
    for number, line in outside_code(path.read_text(encoding="utf-8").splitlines()):
        targets = re.findall(r"\]\(\s*<?([^)\s>]*)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)", line)
        targets += re.findall(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+[\"'].*)?$", line)
        targets += re.findall(r"<(?:img|a|source)\b[^>]*?\s(?:src|href)=[\"']([^\"']*)[\"']", line)
        for target in targets:
            where = f"{name}:{number}"
            if not target:
                problem(where, "an empty link")
                continue
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue  # http(s), mailto and other schemes
            file_part, _, anchor = target.partition("#")
            destination = (path.parent / file_part).resolve() if file_part else path.resolve()
            try:
                destination.relative_to(root)
            except ValueError:
                problem(where, f"'{target}' points outside the repository")
                continue
            if not destination.exists():
                problem(where, f"'{target}': {destination.relative_to(root)} does not exist")
                continue
            if anchor and destination.suffix == ".md" and anchor not in anchors(destination):
                problem(where, f"'{target}': {destination.relative_to(root)} has no heading "
                               f"whose anchor is #{anchor}")


def check_metainfo(root, readme_lines):
    bullets = []
    for _, line in section(readme_lines, "What it does"):
        if line.startswith("- "):
            bullets.append(line[2:].strip())
        elif bullets and line.startswith("  ") and line.strip():
            bullets[-1] += " " + line.strip()
        elif bullets and not line.strip():
            break
    words = [" ".join(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", b).replace("`", "").replace("**", "").split())
             for b in bullets]
    for path in sorted((root / "data").glob("*.metainfo.xml*")):
        name = path.relative_to(root)
        try:
            component = ElementTree.parse(path).getroot()
        except ElementTree.ParseError as error:
            problem(str(name), f"not XML: {error}")
            continue
        items = [" ".join("".join(li.itertext()).split()) for li in component.findall("./description/ul/li")]
        if items != words:
            for index in range(max(len(items), len(words))):
                said = items[index] if index < len(items) else "(nothing)"
                wanted = words[index] if index < len(words) else "(nothing)"
                if said != wanted:
                    problem(str(name), f"item {index + 1} of the description is '{said}', README's "
                                       f"\"What it does\" says '{wanted}'")
        for image in component.findall("./screenshots/screenshot/image"):
            url = (image.text or "").strip()
            if url.startswith(RAW_PREFIX) and not (root / url[len(RAW_PREFIX):]).is_file():
                problem(str(name), f"screenshot {url[len(RAW_PREFIX):]} is not in the repository")


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    readme = root / "README.md"
    if not readme.is_file():
        print(f"{readme}: missing")
        return 1
    readme_lines = readme.read_text(encoding="utf-8").splitlines()
    check_quick_start(root, readme_lines)
    documents = [readme] + sorted((root / "docs").glob("*.md"))
    for path in documents:
        check_links(root, path)
    check_metainfo(root, readme_lines)
    for line in problems:
        print(line)
    print(f"{len(documents)} documents checked: {len(problems)} problem{'' if len(problems) == 1 else 's'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
