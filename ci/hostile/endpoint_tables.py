"""The sortkey tables on the shared dynalite: listed after each endpoint case
(none may be left) and deleted, so that the next case starts clean."""
import http.client
import json
import urllib.parse

HEADERS = {"Content-Type": "application/x-amz-json-1.0",
           "Authorization": "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/dynamodb/aws4_request, "
                            "SignedHeaders=host, Signature=0",
           "X-Amz-Date": "20260101T000000Z"}


def call(url, action, body):
    u = urllib.parse.urlparse(url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    c.request("POST", "/", body=json.dumps(body),
              headers=dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + action}))
    return json.loads(c.getresponse().read() or b"{}")


def sortkey_tables(url):
    names, start = [], None
    while True:
        answer = call(url, "ListTables", {"ExclusiveStartTableName": start} if start else {})
        names += answer.get("TableNames", [])
        start = answer.get("LastEvaluatedTableName")
        if not start:
            return [n for n in names if n.startswith("sortkey")]


def delete(url, names):
    for n in names:
        call(url, "DeleteTable", {"TableName": n})
