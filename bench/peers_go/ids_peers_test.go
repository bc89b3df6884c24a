// The Go references, segmentio/ksuid and oklog/ulid as Debian packages them
// (golang-github-segmentio-ksuid-dev, golang-github-oklog-ulid-dev), doing
// what bench/ksuid_bench.cc and bench/ulid_bench.cc measure, on the IDs of
// bench/ids_inputs.txt ($SORTKEY_ID_INPUTS). Run by bench/peers.sh in GOPATH
// mode against /usr/share/gocode:
//
//	SORTKEY_ID_INPUTS=bench/ids_inputs.txt GOPATH=/usr/share/gocode GO111MODULE=off \
//	  go test -run '^$' -bench . ./bench/peers_go
//
// Each operation uses the reference's fastest form that does the same work as
// sortkey's: Append and MarshalTextTo into a reused buffer (no allocation),
// ParseStrict for ULIDs.
package peers

import (
	"bufio"
	crand "crypto/rand"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/oklog/ulid"
	"github.com/segmentio/ksuid"
)

// inputs returns the texts of one set of the inputs file.
func inputs(b *testing.B, set string) []string {
	path := os.Getenv("SORTKEY_ID_INPUTS")
	if path == "" {
		b.Fatal("SORTKEY_ID_INPUTS is not set (bench/peers.sh sets it to bench/ids_inputs.txt)")
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatalf("cannot read the ID inputs: %v", err)
	}
	defer f.Close()
	var texts []string
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		fields := strings.Fields(lines.Text())
		if len(fields) == 2 && fields[0] == set {
			texts = append(texts, fields[1])
		}
	}
	if len(texts) == 0 {
		b.Fatalf("the ID inputs %s hold no ID of the set %s", path, set)
	}
	return texts
}

// processCPU is the process's CPU time (user + system) in nanoseconds.
func processCPU(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatalf("getrusage: %v", err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// timeCPU resets the benchmark's timer and returns the function that reports
// the process CPU time per operation since then as cpu-ns/op, the figure
// bench/peers.sh compares: on a loaded machine wall time (ns/op) would charge
// the benchmark for other processes. Use as `defer timeCPU(b)()` after setup.
func timeCPU(b *testing.B) func() {
	b.ResetTimer()
	start := processCPU(b)
	return func() {
		b.ReportMetric(float64(processCPU(b)-start)/float64(b.N), "cpu-ns/op")
	}
}

// sets: the benchmark's name for each set of the inputs file.
var ksuidSets = [][2]string{{"go_input", "go-ksuid"}, {"varied", "ksuid"}}
var ulidSets = [][2]string{{"go_input", "go-ulid"}, {"varied", "ulid"}}

// eachSet runs body as one sub-benchmark per set, named by the set, on the
// texts of that set. Only the setup goes through it: each body keeps its own
// timed loop, so no call through a function value is timed.
func eachSet(b *testing.B, sets [][2]string, body func(b *testing.B, texts []string)) {
	for _, set := range sets {
		b.Run(set[0], func(b *testing.B) { body(b, inputs(b, set[1])) })
	}
}

var sinkKsuid ksuid.KSUID
var sinkUlid ulid.ULID
var sinkErr error

func BenchmarkKsuidFormat(b *testing.B) {
	eachSet(b, ksuidSets, func(b *testing.B, texts []string) {
		var ids []ksuid.KSUID
		for _, t := range texts {
			ids = append(ids, mustParseKsuid(b, t))
		}
		buf := make([]byte, 0, 27)
		defer timeCPU(b)()
		for i, j := 0, 0; i < b.N; i++ {
			buf = ids[j].Append(buf[:0])
			if j++; j == len(ids) {
				j = 0
			}
		}
	})
}

func BenchmarkKsuidParse(b *testing.B) {
	eachSet(b, ksuidSets, func(b *testing.B, texts []string) {
		defer timeCPU(b)()
		for i, j := 0, 0; i < b.N; i++ {
			sinkKsuid, sinkErr = ksuid.Parse(texts[j])
			if j++; j == len(texts) {
				j = 0
			}
		}
	})
}

// Sequence is the reference's generator of ordered KSUIDs: no clock (so it is
// set beside sortkey's generator on a clock that stands still), 65536 IDs a
// seed; a new seed is drawn when one runs out.
func BenchmarkKsuidGenerateMonotonic(b *testing.B) {
	b.Run("fixed_clock", func(b *testing.B) {
		seq := ksuid.Sequence{Seed: ksuid.New()}
		defer timeCPU(b)()
		for i := 0; i < b.N; i++ {
			id, err := seq.Next()
			if err != nil {
				seq = ksuid.Sequence{Seed: ksuid.New()}
				id, err = seq.Next()
			}
			sinkKsuid, sinkErr = id, err
		}
	})
}

func BenchmarkUlidFormat(b *testing.B) {
	eachSet(b, ulidSets, func(b *testing.B, texts []string) {
		var ids []ulid.ULID
		for _, t := range texts {
			id, err := ulid.ParseStrict(t)
			if err != nil {
				b.Fatalf("the ID input %s does not parse: %v", t, err)
			}
			ids = append(ids, id)
		}
		buf := make([]byte, ulid.EncodedSize)
		defer timeCPU(b)()
		for i, j := 0, 0; i < b.N; i++ {
			sinkErr = ids[j].MarshalTextTo(buf)
			if j++; j == len(ids) {
				j = 0
			}
		}
	})
}

func BenchmarkUlidParse(b *testing.B) {
	eachSet(b, ulidSets, func(b *testing.B, texts []string) {
		defer timeCPU(b)()
		for i, j := 0, 0; i < b.N; i++ {
			sinkUlid, sinkErr = ulid.ParseStrict(texts[j])
			if j++; j == len(texts) {
				j = 0
			}
		}
	})
}

// Monotonic entropy incrementing by 1, as sortkey's generator does; entropy
// from crypto/rand, as sortkey's from getrandom(2). fixed_clock is the
// reference's own WithCryptoMonotonicEntropy_SameTimestamp_Inc1 (123 ms).
func BenchmarkUlidGenerateMonotonic(b *testing.B) {
	b.Run("fixed_clock", func(b *testing.B) {
		entropy := ulid.Monotonic(crand.Reader, 1)
		defer timeCPU(b)()
		for i := 0; i < b.N; i++ {
			sinkUlid = ulid.MustNew(123, entropy)
		}
	})
	b.Run("system_clock", func(b *testing.B) {
		entropy := ulid.Monotonic(crand.Reader, 1)
		defer timeCPU(b)()
		for i := 0; i < b.N; i++ {
			sinkUlid = ulid.MustNew(ulid.Now(), entropy)
		}
	})
}

// The next monotonic ULID as text, what npm's monotonicFactory()() returns.
func BenchmarkUlidGenerateMonotonicAndFormat(b *testing.B) {
	entropy := ulid.Monotonic(crand.Reader, 1)
	buf := make([]byte, ulid.EncodedSize)
	defer timeCPU(b)()
	for i := 0; i < b.N; i++ {
		sinkErr = ulid.MustNew(ulid.Now(), entropy).MarshalTextTo(buf)
	}
}

func mustParseKsuid(b *testing.B, text string) ksuid.KSUID {
	id, err := ksuid.Parse(text)
	if err != nil {
		b.Fatalf("the ID input %s does not parse: %v", text, err)
	}
	return id
}
