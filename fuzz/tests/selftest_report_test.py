#!/usr/bin/env python3
"""ci/fuzz_selftest_report.py over campaigns written by hand: the median and
worst over seeds, a missed seed counted as worse than the budget, the
control that unmasks a failure the planted bug did not cause; and the
self-test script refusing bad options before it builds anything."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPORT = os.path.join(ROOT, "ci", "fuzz_selftest_report.py")


def write_patch(directory, bug, target):
    path = os.path.join(directory, bug + ".patch")
    with open(path, "w", encoding="utf-8") as f:
        f.write("Planted bug: %s planted.\nTarget: %s\n--- a/x\n+++ b/x\n" % (bug, target))
    return path


def write_run(out, bug, seed, seconds, executions, input_text=None, control=0):
    """A seed's summary as `sortkey fuzz --json` writes it; input_text None: no failure."""
    target = {"seconds": seconds, "executions": executions}
    if input_text is not None:
        target["failure"] = {"reproduced": True, "seconds": seconds, "executions": executions,
                             "property": "order", "headline": "", "input": input_text,
                             "input_size": len(input_text), "values": "v=" + input_text, "why": "because",
                             "input_file": "/nonexistent"}
    with open(os.path.join(out, "%s.seed-%d.json" % (bug, seed)), "w", encoding="utf-8") as f:
        json.dump({"targets": [target]}, f)
    if input_text is not None:
        with open(os.path.join(out, "%s.seed-%d.control" % (bug, seed)), "w") as f:
            f.write("%d\n" % control)


def run_report(out, budget, seeds, patches):
    env = dict(os.environ)
    env.pop("GITHUB_STEP_SUMMARY", None)
    done = subprocess.run([sys.executable, REPORT, out, str(budget), str(seeds)] + patches,
                          capture_output=True, text=True, env=env)
    with open(os.path.join(out, "selftest.json"), encoding="utf-8") as f:
        return done, json.load(f)


class SelftestReport(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.out = self.dir.name

    def tearDown(self):
        self.dir.cleanup()

    def test_every_seed_found_gives_median_and_worst(self):
        patch = write_patch(self.out, "steady", "padded_decode_fuzzer")
        for seed, seconds, executions, text in [(1, 4.0, 400, "12"), (2, 1.0, 100, "1"), (3, 9.0, 900, "123")]:
            write_run(self.out, "steady", seed, seconds, executions, text)
        done, report = run_report(self.out, 60, 3, [patch])
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        bug = report["bugs"][0]
        self.assertEqual((bug["found_in"], bug["seconds_median"], bug["seconds_worst"]), (3, 4.0, 9.0))
        self.assertEqual((bug["executions_median"], bug["executions_worst"]), (400, 900))
        self.assertEqual(bug["smallest"]["input"], "1")
        self.assertIn("| 3 of 3 | 4.0 s | 9.0 s | 400 | 900 |", done.stdout)

    def test_a_missed_seed_fails_and_counts_as_worse_than_the_budget(self):
        patch = write_patch(self.out, "flaky", "ulid_decode_fuzzer")
        write_run(self.out, "flaky", 1, 2.0, 20, "ab")
        write_run(self.out, "flaky", 2, 60.0, 5000)
        write_run(self.out, "flaky", 3, 6.0, 60, "abc")
        write_run(self.out, "flaky", 4, 60.0, 5000)
        done, report = run_report(self.out, 60, 4, [patch])
        self.assertEqual(done.returncode, 1)
        bug = report["bugs"][0]
        self.assertFalse(bug["found"])
        self.assertEqual(bug["found_in"], 2)
        self.assertIsNone(bug["seconds_median"])
        self.assertIsNone(bug["seconds_worst"])
        self.assertIn("| **2 of 4** | > 60 s | > 60 s |", done.stdout)

    def test_an_input_that_fails_without_the_bug_is_not_a_find(self):
        patch = write_patch(self.out, "unrelated", "name_order_fuzzer")
        write_run(self.out, "unrelated", 1, 3.0, 30, "x", control=1)
        write_run(self.out, "unrelated", 2, 5.0, 50, "yy")
        done, report = run_report(self.out, 60, 2, [patch])
        self.assertEqual(done.returncode, 1)
        bug = report["bugs"][0]
        self.assertEqual(bug["found_in"], 1)
        self.assertEqual(bug["seconds_median"], None)
        self.assertEqual(bug["seconds_worst"], None)
        self.assertIn("fails without the planted bug", " ".join(bug["problems"]))

    def test_a_missing_campaign_is_a_problem_not_a_find(self):
        patch = write_patch(self.out, "unbuilt", "epoch_decode_fuzzer")
        done, report = run_report(self.out, 30, 1, [patch])
        self.assertEqual(done.returncode, 1)
        self.assertIn("no summary", report["bugs"][0]["problems"][0])


class SelftestOptions(unittest.TestCase):
    def test_bad_options_stop_before_any_build(self):
        script = os.path.join(ROOT, "ci", "fuzz_selftest.sh")
        for args, message in [(["--seeds", "0"], "from 1 to 20"), (["--seeds", "21"], "from 1 to 20"),
                              (["--seeds", "x"], "from 1 to 20"), (["--seeds"], "usage:"),
                              (["--bogus"], "usage:"), (["--seeds", "2", "0"], "seconds per bug"),
                              (["--seeds", "2", "60", "no_such_bug"], "no planted bug")]:
            done = subprocess.run(["bash", script] + args, capture_output=True, text=True)
            self.assertEqual(done.returncode, 2, args)
            self.assertIn(message, done.stderr, args)

    def test_every_planted_bug_applies_to_the_tree(self):
        # A patch that no longer applies would make the self-test miss its bug.
        selftest = os.path.join(ROOT, "fuzz", "selftest")
        patches = sorted(f for f in os.listdir(selftest) if f.endswith(".patch"))
        self.assertGreater(len(patches), 0)
        for name in patches:
            with open(os.path.join(selftest, name), "rb") as f:
                done = subprocess.run(["patch", "-p1", "--dry-run", "--forward", "-d", ROOT],
                                      stdin=f, capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, name + ": " + done.stdout + done.stderr)


if __name__ == "__main__":
    unittest.main()
