// Thesis 002, Examples 4.1 and 4.18: the source node is taken from the
// wrong graph, so areConnected(source, node) is always false and graphOne
// never gets the node of graphTwo. With graphOne (the static `result`) as
// the relevant outcome, the code meant to add the node is irrelevant. The
// graphs here have a fixed, loop-free shape: the thesis reads their sizes
// from the input, and jhalt's graph then merges the lists' abstractions at
// the loop heads and can no longer tell the two graphs apart.
// RELEVANT: field:IrrGraph.result
public class IrrGraph {
  static IrrGraph result;
  List nodes;

  public static void main(String[] args) {
    IrrGraph graphOne = createGraph(1);
    IrrGraph graphTwo = createGraph(2); // IRRELEVANT: only feeds irrelevant code
    Node source = graphOne.getRootNode(); // IRRELEVANT: only feeds irrelevant code
    Node node = graphTwo.getRootNode(); // IRRELEVANT: only feeds irrelevant code
    if (Node.areConnected(source, node)) { // IRRELEVANT: only decides irrelevant code
      graphOne.addNode(node); // IRRELEVANT: never executed
    }
    result = graphOne;
  }

  static IrrGraph createGraph(int id) {
    IrrGraph res = new IrrGraph();
    Node start = new Node(id);
    Node end = new Node(id + 10);
    res.addNode(end);
    res.addNode(start);
    start.addEdge(end);
    return res;
  }

  Node getRootNode() {
    return this.nodes.content; // IRRELEVANT: only feeds irrelevant code
  }

  void addNode(Node node) {
    this.nodes = new List(node, this.nodes);
  }

  static class List {
    Node content;
    List next;

    List(Node c, List n) {
      this.content = c;
      this.next = n;
    }
  }

  static class Node {
    int id;
    List out;

    Node(int i) {
      this.id = i;
    }

    void addEdge(Node end) {
      this.out = new List(end, this.out);
    }

    static boolean areConnected(Node node, Node other) {
      return node.out != null && node.out.content == other; // IRRELEVANT: only decides irrelevant code
    }
  }
}
