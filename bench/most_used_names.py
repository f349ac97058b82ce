"""The names a project's files use most, counted apart from zumba: the reference for the map's coverage.

Usage: most_used_names.py TREE [COUNT]. Definitions are Universal Ctags' (`ctags -R`, its names of
every kind). A name's use is the number of files, other than those ctags says define it, holding it as
a whole word (Python's `\\w`, on the text decoded as UTF-8). Files are git's (`git ls-files`) in a
repository, else every file under 512 KB. Names of one or two characters, names that are English
words (the system's word list, /usr/share/dict/words, any case), and the keywords of the languages
the corpora hold (ctags takes some for definitions: `#endif` in assembly, `const` in a Makefile)
are left out. Prints the COUNT
(default 20) most used, one `name<TAB>files` a line.
"""
import collections
import os
import re
import subprocess
import sys

tree = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 20

def files_of(tree):
    if os.path.isdir(os.path.join(tree, '.git')):
        listed = subprocess.run(['git', 'ls-files', '-z'], cwd=tree, capture_output=True, check=True).stdout
        return [name.decode('utf-8', 'replace') for name in listed.split(b'\0') if name]
    found = []
    for folder, folders, names in os.walk(tree):
        folders[:] = [f for f in folders if f != '.git']
        found.extend(os.path.relpath(os.path.join(folder, name), tree) for name in names)
    return found

KEYWORDS = set('''
    auto break case char const continue default define defined do double elif else endif enum error extern
    float for goto if ifdef ifndef include inline int long pragma register restrict return short signed
    sizeof static struct switch typedef undef union unsigned void volatile while
    asm bool catch class constexpr delete explicit false friend mutable namespace new noexcept nullptr
    operator override private protected public template this throw true try typename using virtual
    and as assert async await def del except finally from global import in is lambda None nonlocal not or
    pass raise with yield chan func go interface map package range select type var crate dyn fn impl let
    loop match mod move mut pub ref self Self trait unsafe use where abstract boolean byte extends final
    implements instanceof native super synchronized throws transient export function of readonly
    undefined let yield
'''.split())

english = set()
if os.path.exists('/usr/share/dict/words'):
    with open('/usr/share/dict/words', encoding='utf-8', errors='replace') as words:
        english = {line.strip().lower() for line in words}

definers = collections.defaultdict(set)
tags = subprocess.run(['ctags', '-R', '-f', '-', '--extras=-F', '.'], cwd=tree, capture_output=True, check=True).stdout
for line in tags.split(b'\n'):
    if not line or line.startswith(b'!_'):
        continue
    fields = line.split(b'\t')
    if len(fields) < 2:
        continue
    name = fields[0].decode('utf-8', 'replace')
    if len(name) > 2 and re.fullmatch(r'\w+', name) and not name[0].isdigit() and name.lower() not in english and name not in KEYWORDS:
        definers[name].add(fields[1].decode('utf-8', 'replace').removeprefix('./'))

users = collections.Counter()
word = re.compile(r'\w+')
for relative in files_of(tree):
    path = os.path.join(tree, relative)
    try:
        if os.path.islink(path) or not os.path.isfile(path) or os.path.getsize(path) > 512 * 1024:
            continue
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        continue
    if b'\0' in data:
        continue
    for name in set(word.findall(data.decode('utf-8', 'replace'))):
        if name in definers and relative not in definers[name]:
            users[name] += 1

for name, files in users.most_common(count):
    print(f'{name}\t{files}')
