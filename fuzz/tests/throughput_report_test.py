#!/usr/bin/env python3
"""ci/fuzz_throughput_report.py over runs written by hand: executions per CPU
second and the share of the trivial target's rate, goals met and missed, a run
that stopped on a failure or left no figures; and ci/fuzz_throughput.sh
refusing bad options before it builds anything."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPORT = os.path.join(ROOT, "ci", "fuzz_throughput_report.py")
SCRIPT = os.path.join(ROOT, "ci", "fuzz_throughput.sh")


def write_run(out, target, build, executions, wall, user, system, extra=""):
    with open(os.path.join(out, "%s.%s.log" % (target, build)), "w", encoding="utf-8") as f:
        f.write("INFO: Seed: 1\n#2\tINITED cov: 10 ft: 10 corp: 1/1b exec/s: 0 rss: 30Mb\n%s"
                "stat::number_of_executed_units: %d\nstat::average_exec_per_sec:     %d\n"
                "stat::new_units_added:        3\nstat::peak_rss_mb:            40\n"
                % (extra, executions, wall))
    with open(os.path.join(out, "%s.%s.cpu" % (target, build)), "w", encoding="utf-8") as f:
        f.write("%.2f %.2f\n" % (user, system))


def run_report(out, *targets):
    env = dict(os.environ)
    env.pop("GITHUB_STEP_SUMMARY", None)
    done = subprocess.run([sys.executable, REPORT, out, "10"] + list(targets),
                          capture_output=True, text=True, env=env)
    report = None
    if os.path.exists(os.path.join(out, "throughput.json")):
        with open(os.path.join(out, "throughput.json"), encoding="utf-8") as f:
            report = json.load(f)
    return done, report


class ThroughputReport(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.out = self.dir.name
        write_run(self.out, "trivial", "sanitized", 4000000, 350000, 9.0, 1.0)  # 400k/CPU s
        write_run(self.out, "trivial", "plain", 10000000, 900000, 9.5, 0.5)   # 1M/CPU s

    def tearDown(self):
        self.dir.cleanup()

    def row(self, report, target):
        return next(r for r in report["targets"] if r["target"] == target)

    def test_rates_shares_and_goals(self):
        write_run(self.out, "padded_decode_fuzzer", "sanitized", 2500000, 200000, 9.0, 1.0)
        write_run(self.out, "padded_decode_fuzzer", "plain", 5000000, 450000, 10.0, 0.0)
        write_run(self.out, "padded_order_fuzzer", "sanitized", 400000, 38000, 8.0, 0.0)
        write_run(self.out, "padded_order_fuzzer", "plain", 1000000, 90000, 10.0, 0.0)
        write_run(self.out, "snapshot_fuzzer", "sanitized", 50000, 4000, 10.0, 0.0)
        write_run(self.out, "snapshot_fuzzer", "plain", 90000, 8000, 10.0, 0.0)
        done, report = run_report(self.out, "padded_decode_fuzzer", "padded_order_fuzzer",
                                  "snapshot_fuzzer")
        self.assertEqual(done.returncode, 0, done.stderr)
        decode = self.row(report, "padded_decode_fuzzer")
        self.assertEqual(decode["sanitized"]["cpu_exec_per_sec"], 250000)
        self.assertEqual(decode["sanitized"]["wall_exec_per_sec"], 200000)
        self.assertAlmostEqual(decode["sanitized_share"], 0.625)
        self.assertAlmostEqual(decode["plain_share"], 0.5)
        self.assertEqual(decode["goal"], 200000)
        self.assertTrue(decode["met"])
        order = self.row(report, "padded_order_fuzzer")
        self.assertEqual(order["sanitized"]["cpu_exec_per_sec"], 50000)
        self.assertTrue(order["met"], "a rate equal to the goal meets it")
        snapshot = self.row(report, "snapshot_fuzzer")
        self.assertIsNone(snapshot["goal"])
        self.assertFalse(snapshot["met"])
        self.assertIn("| `padded_decode_fuzzer` | 200,000 | 250,000 | 62.5% | 450,000 | 500,000 | "
                      "50.0% | 200,000 | yes |", done.stdout)
        self.assertIn("goals met: 2 of 2", done.stdout)
        with open(os.path.join(self.out, "throughput.md"), encoding="utf-8") as f:
            self.assertEqual(f.read(), done.stdout)

    def test_a_goal_missed(self):
        write_run(self.out, "query_differential_fuzzer", "sanitized", 40000, 3800, 9.0, 1.0)
        write_run(self.out, "query_differential_fuzzer", "plain", 90000, 8000, 10.0, 0.0)
        done, report = run_report(self.out, "query_differential_fuzzer")
        self.assertEqual(done.returncode, 0, done.stderr)
        row = self.row(report, "query_differential_fuzzer")
        self.assertEqual(row["goal"], 5000)
        self.assertFalse(row["met"])
        self.assertIn("| 5,000 | no |", done.stdout)
        self.assertIn("goals met: 0 of 1", done.stdout)

    def test_a_run_that_failed_has_no_figures(self):
        write_run(self.out, "ulid_decode_fuzzer", "sanitized", 1000, 900, 1.0, 0.0,
                  extra="==4242== ERROR: libFuzzer: deadly signal\n")
        write_run(self.out, "ulid_decode_fuzzer", "plain", 1000, 900, 1.0, 0.0)
        with open(os.path.join(self.out, "ulid_decode_fuzzer.plain.log"), "w") as f:
            f.write("INFO: Seed: 1\n")  # no final statistics
        done, report = run_report(self.out, "ulid_decode_fuzzer", "ksuid_decode_fuzzer")
        self.assertEqual(done.returncode, 1)
        row = self.row(report, "ulid_decode_fuzzer")
        self.assertIn("deadly signal", row["sanitized"]["problem"])
        self.assertIsNone(row["sanitized"]["cpu_exec_per_sec"])
        self.assertFalse(row["met"])
        self.assertIn("no final statistics", row["plain"]["problem"])
        missing = self.row(report, "ksuid_decode_fuzzer")
        self.assertIn("did not start", missing["sanitized"]["problem"])
        self.assertIn("runs without figures:", done.stdout)

    def test_bad_arguments_exit_2(self):
        for args in ([], [self.out], [self.out, "ten", "x"], [self.out, "0", "x"],
                     [os.path.join(self.out, "nowhere"), "10", "x"]):
            done = subprocess.run([sys.executable, REPORT] + args, capture_output=True, text=True)
            self.assertEqual(done.returncode, 2, args)

    def test_the_script_refuses_bad_options_before_building(self):
        for args, message in ((["0"], "whole number"), (["ten"], "whole number"),
                              (["5", "("], "regular expression")):
            done = subprocess.run(["bash", SCRIPT] + args, capture_output=True, text=True)
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn(message, done.stderr)


if __name__ == "__main__":
    unittest.main()
