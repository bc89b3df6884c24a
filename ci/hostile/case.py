"""One hostile input of the campaign (campaign.py says what every run must do).

  name     unique within its surface; the case's id is "surface/name"
  argv     sortkey's arguments; {dir} is the case's scratch directory (its
           working directory), {src} the source tree, {here} ci/hostile/,
           {url} the dynalite, {<server mode>} a hostile endpoint's URL
  want     the exit status: 2 for a run that cannot go on, 1 for an input
           rejected or a property failed, 0 for success; None: any exit
  err      a regular expression stderr must match (searched)
  stdin    bytes, or a function returning an iterable of byte chunks (a
           stream too large to hold), or None (stdin is /dev/null)
  env      variables set (None: unset) on top of the campaign's
  files    name -> bytes, or a function writing the file at the path it is
           given: created in the scratch directory; each must be unchanged
  outputs  names (or regular expressions) of files the run may write
  limit    seconds the run may take
  max_lines  lines stderr may have (None: any number, each checked)
  stdout   a function of stdout's first MiB that must return True
  tables   the case uses the shared dynalite: none of its tables may be left
  server   the case uses the hostile endpoint servers
  slow     scheduled first (a case that waits on a time limit)
  known    a known failure: the reason (reported, not failed)
  proxy    options of certify/endpoint/tests/endpoint_proxy.py: a proxy in
           front of the dynalite is started for the case, its URL {proxy}
  close_stdout_after  stop reading stdout after this many bytes and close it
           (a reader that goes away, as `head` does)
"""


class Case:
    def __init__(self, name, argv, want, err=None, stdin=None, env=None, files=None, outputs=(),
                 limit=10.0, max_lines=1, stdout=None, tables=False, server=False, slow=False,
                 known=None, close_stdout_after=None, proxy=None):
        self.name, self.argv, self.want, self.err = name, list(argv), want, err
        self.stdin, self.env, self.files = stdin, dict(env or {}), dict(files or {})
        self.outputs, self.limit, self.max_lines = tuple(outputs), float(limit), max_lines
        self.stdout, self.tables, self.server, self.slow = stdout, tables, server, slow
        self.known, self.close_stdout_after, self.proxy = known, close_stdout_after, proxy
        self.surface = ""

    @property
    def id(self):
        return f"{self.surface}/{self.name}"
